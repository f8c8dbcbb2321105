"""Step 2 of `npm run train:nli-ja`: cuts the converted multilingual encoder's XLM-R vocabulary (250,002
tokenizer pieces; the embedding has 250,037 rows, the last ones unused) down to the pieces a Japanese judge reads, so the shipped int8 file is ~40 MB instead of
~118 MB (the embedding alone is 250,037 x 384: 96 MB in int8, most of it other languages' words).

Kept, in the original order (so the first four ids, <s> <pad> </s> <unk>, stay where they were):
  - every piece of at most one character (after the word-start mark ▁): any text can still be spelled;
  - every piece written only in Japanese scripts (kana, kanji, CJK and full-width punctuation);
  - every piece the full tokenizer uses on ../shared/data/nli-ja/unified (all sets, all splits);
  - the 8,000 Latin-script pieces of highest unigram score (common words of European languages,
    numbers): English terms inside Japanese text keep whole-word pieces.
Why this keeps the model's behaviour: the unigram tokenizer picks the most probable segmentation over
its vocabulary; removing pieces a segmentation did not use cannot change it, so every text whose pieces
were all kept tokenizes exactly as before (checked here on every nli-ja text). Other text may be cut
into smaller kept pieces. The embedding rows of kept pieces are copied unchanged.

  .venv-nli/bin/python scripts/nli-ja/prune_vocab.py CONVERTED_DIR OUT_DIR
"""

from __future__ import annotations

import glob
import json
import os
import re
import sys

import torch
from tokenizers import Tokenizer
from transformers import BertModel

JAPANESE = re.compile(r"^[\u3000-\u303f\u3040-\u309f\u30a0-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+$")
LATIN = re.compile(r"^[A-Za-z0-9'\-.]+$")
LATIN_KEPT = 8000
SPECIALS = 4  # <s> <pad> </s> <unk>


def nli_ja_texts(unified: str) -> list[str]:
    texts: list[str] = []
    for path in sorted(glob.glob(os.path.join(unified, "*.jsonl"))):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                texts += [row["premise"], row["hypothesis"]]
    return texts


def main(converted: str, out: str, unified: str) -> None:
    spec = json.load(open(os.path.join(converted, "tokenizer.json"), encoding="utf-8"))
    vocab = spec["model"]["vocab"]
    full = Tokenizer.from_file(os.path.join(converted, "tokenizer.json"))
    texts = nli_ja_texts(unified)
    seen: set[int] = set()
    full_ids = full.encode_batch(texts, add_special_tokens=False)
    for enc in full_ids:
        seen.update(enc.ids)
    keep = set(range(SPECIALS)) | seen
    latin: list[int] = []
    for i, (piece, _score) in enumerate(vocab):
        core = piece.lstrip("\u2581")
        if len(core) <= 1 or JAPANESE.match(core):
            keep.add(i)
        elif LATIN.match(core):
            latin.append(i)
    keep.update(sorted(latin, key=lambda i: -vocab[i][1])[:LATIN_KEPT])
    kept = sorted(keep)
    new_id = {old: new for new, old in enumerate(kept)}

    spec["model"]["vocab"] = [vocab[i] for i in kept]
    spec["model"]["unk_id"] = new_id[spec["model"]["unk_id"]]
    for name, special in spec["post_processor"]["special_tokens"].items():
        special["ids"] = [new_id[i] for i in special["ids"]]
    # The four specials as added tokens: tokenizers (Python and transformers.js) then never split them.
    spec["added_tokens"] = [
        {"id": i, "content": vocab[i][0], "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}
        for i in range(SPECIALS)
    ]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "tokenizer.json"), "w", encoding="utf-8") as fh:
        json.dump(spec, fh, ensure_ascii=False)
    for name in ["tokenizer_config.json"]:
        with open(os.path.join(converted, name), encoding="utf-8") as src, open(os.path.join(out, name), "w", encoding="utf-8") as dst:
            dst.write(src.read())

    model = BertModel.from_pretrained(converted)
    rows = model.embeddings.word_embeddings.weight.data[torch.tensor(kept)].clone()
    model.resize_token_embeddings(len(kept))
    model.embeddings.word_embeddings.weight.data.copy_(rows)
    model.config.vocab_size = len(kept)
    model.save_pretrained(out)

    # The promise above, checked: every nli-ja text tokenizes to the same pieces as before.
    pruned = Tokenizer.from_file(os.path.join(out, "tokenizer.json"))
    changed = sum(1 for a, b in zip(full_ids, pruned.encode_batch(texts, add_special_tokens=False)) if a.tokens != b.tokens)
    if changed:
        raise SystemExit(f"prune_vocab: {changed} of {len(texts)} nli-ja texts tokenize differently after pruning")
    print(json.dumps({"pieces_before": len(vocab), "pieces_after": len(kept), "seen_in_nli_ja": len(seen), "texts_checked": len(texts)}))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit("usage: prune_vocab.py CONVERTED_DIR OUT_DIR NLI_JA_UNIFIED_DIR")
    main(sys.argv[1], sys.argv[2], sys.argv[3])
