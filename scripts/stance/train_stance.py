"""Step 2 of `npm run train:stance`: trains the stance network on the features dump-features.ts wrote
and exports it to ONNX for onnxruntime-node.

A development tool (Debian's python3-torch); Lyra never runs Python. Deterministic for one machine:
fixed seeds, fixed batch order, a single thread (CPU kernels are deterministic on one thread).

The network ("aligner"): each side's tokens (fixed GloVe vector x 4 and the token flags the TypeScript
featurizer computes: exact match on the other side, negation scope, numbers, antonyms, direction...) go
through a small encoder (projection, a width-3 convolution for word order, one self-attention block);
the claim and sentence are soft-aligned (ESIM's local inference: [a; a~; a-a~; a*a~]); a composition
block reads the comparison; masked mean and max pooling of both sides, joined with the standardized
hand contrast features, feed a two-layer classifier; a wide layer adds a logit per hashed sparse
feature (claim words, aligned word pairs, negation and direction patterns).

  python3 scripts/stance/train_stance.py --data .scratch-stance/en --out .scratch-stance/en-model
"""
import argparse
import json
import math
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

p = argparse.ArgumentParser()
p.add_argument('--data', required=True)
p.add_argument('--out', required=True)
p.add_argument('--seed', type=int, default=13)
p.add_argument('--epochs', type=int, default=6)
p.add_argument('--dim', type=int, default=96)
p.add_argument('--top', type=int, default=128)
p.add_argument('--heads', type=int, default=2)
p.add_argument('--batch', type=int, default=64)
p.add_argument('--lr', type=float, default=1e-3)
p.add_argument('--wide-lr', type=float, default=3e-3)
p.add_argument('--dropout', type=float, default=0.15)
p.add_argument('--weight-decay', type=float, default=1e-4)
p.add_argument('--label-smoothing', type=float, default=0.05)
p.add_argument('--threads', type=int, default=1, help='1 keeps runs reproducible and is fastest on a shared 2-core machine (OpenMP threads spin when the other core is busy)')
p.add_argument('--max-pairs', type=int, default=0, help='use only the first N training pairs (0 = all)')
p.add_argument('--source-weights', default='', help='JSON {source: weight} overriding the dump weights')
p.add_argument('--no-wide', action='store_true')
p.add_argument('--from-state', default='', help='export this saved state dict (epoch-N.pt) instead of training')
p.add_argument('--embed-dim', type=int, default=64, help='Japanese only: size of the learned n-gram embeddings')
args = p.parse_args()

torch.set_num_threads(args.threads)
torch.manual_seed(args.seed)
np.random.seed(args.seed)
t0 = time.time()


def log(msg):
    print(f'[train {time.time() - t0:.0f}s] {msg}', flush=True)


D = args.data
meta = json.load(open(os.path.join(D, 'meta.json')))
n_flags, n_hand = len(meta['flags']), len(meta['hand'])
dims = meta.get('dims', 0)
E = dims + n_flags


def arr(name, dtype):
    return np.fromfile(os.path.join(D, name), dtype=dtype)


JA = meta.get('lang') == 'ja'
if JA:
    # Japanese: tokens are characters with hashed n-gram ids; the network learns their embeddings.
    table = None
    K = meta['idsPerToken']
    tok_ids = torch.from_numpy(arr('tok_ids.i32', np.int32).astype(np.int64)).reshape(-1, K)
else:
    table = torch.from_numpy(arr('vectors.f32', np.float32).reshape(-1, dims) * meta['vectorScale'])
    tok_ids = torch.from_numpy(arr('tok_ids.i32', np.int32).astype(np.int64))
tok_flags = torch.from_numpy(arr('tok_flags.i8', np.int8).reshape(-1, n_flags).astype(np.float32))
pairs = arr('pairs.i32', np.int32).reshape(-1, 4)
hand = torch.from_numpy(arr('hand.f32', np.float32).reshape(-1, n_hand))
sparse = torch.from_numpy(arr('sparse.i32', np.int32).astype(np.int64))
sparse_off = arr('sparse_off.i32', np.int32)
label = torch.from_numpy(arr('label.i8', np.int8).astype(np.int64))
split = arr('split.i8', np.int8)
source = arr('source.i16', np.int16)
weight = arr('weight.f32', np.float32).copy()
sources = meta['sources']
if args.source_weights:
    for name, w in json.loads(args.source_weights).items():
        if name not in sources:
            raise SystemExit(f'--source-weights: unknown source {name}; known: {sources}')
        weight[source == sources.index(name)] = w
weight = torch.from_numpy(weight)

train_idx = np.nonzero(split == 0)[0]
if args.max_pairs > 0:
    train_idx = train_idx[: args.max_pairs]
dev_idx = np.nonzero(split == 1)[0]
log(f'{len(train_idx)} train pairs, {len(dev_idx)} dev pairs' + ('' if JA else f', table {tuple(table.shape)}'))

hand_mean = hand[train_idx].mean(0)
hand_std = hand[train_idx].std(0).clamp_min(1e-3)
hand_mean[0] = 0.0  # the bias feature stays 1
hand_std[0] = 1.0


def side(indices, which):
    """Rows [B, T, E] and mask [B, T] of one side of a batch."""
    starts = pairs[indices, which * 2]
    lengths = pairs[indices, which * 2 + 1]
    T = int(lengths.max())
    B = len(indices)
    mask = torch.zeros(B, T)
    if JA:
        ids = torch.zeros(B, T, K, dtype=torch.int64)
        flags = torch.zeros(B, T, n_flags)
        for k, (s, n) in enumerate(zip(starts, lengths)):
            ids[k, :n] = tok_ids[s:s + n]
            flags[k, :n] = tok_flags[s:s + n]
            mask[k, :n] = 1
        return (ids, flags), mask
    x = torch.zeros(B, T, E)
    for k, (s, n) in enumerate(zip(starts, lengths)):
        ids = tok_ids[s:s + n]
        x[k, :n, :dims] = table[ids]
        x[k, :n, dims:] = tok_flags[s:s + n]
        mask[k, :n] = 1
    return x, mask


def sparse_batch(indices):
    lists = [sparse[sparse_off[i]:sparse_off[i + 1]] for i in indices]
    S = max(1, max(len(l) for l in lists))
    ids = torch.zeros(len(indices), S, dtype=torch.int64)
    mask = torch.zeros(len(indices), S)
    for k, l in enumerate(lists):
        ids[k, :len(l)] = l
        mask[k, :len(l)] = 1
    return ids, mask


def batch(indices):
    a, am = side(indices, 0)
    b, bm = side(indices, 1)
    s, sm = sparse_batch(indices)
    if JA:
        return a[0], a[1], am, b[0], b[1], bm, hand[indices], s, sm
    return a, am, b, bm, hand[indices], s, sm


NEG = -1e4


class Block(nn.Module):
    """Self-attention and feed-forward, post-norm, with masks (padding never changes a real token)."""

    def __init__(self, d, heads, dropout):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.ff1 = nn.Linear(d, 2 * d)
        self.ff2 = nn.Linear(2 * d, d)
        self.n1 = nn.LayerNorm(d)
        self.n2 = nn.LayerNorm(d)
        self.drop = nn.Dropout(dropout)

    def forward(self, h, mask):
        B, T, d = h.shape
        q, k, v = self.qkv(h).chunk(3, dim=-1)
        hd = d // self.heads
        q = q.reshape(B, T, self.heads, hd).transpose(1, 2)
        k = k.reshape(B, T, self.heads, hd).transpose(1, 2)
        v = v.reshape(B, T, self.heads, hd).transpose(1, 2)
        e = q @ k.transpose(-1, -2) / math.sqrt(hd) + (1 - mask)[:, None, None, :] * NEG
        att = (torch.softmax(e, dim=-1) @ v).transpose(1, 2).reshape(B, T, d)
        h = self.n1(h + self.drop(self.o(att)))
        h = self.n2(h + self.drop(self.ff2(F.relu(self.ff1(h)))))
        return h * mask[:, :, None]


class Encoder(nn.Module):
    def __init__(self, e, d, heads, dropout):
        super().__init__()
        self.inp = nn.Linear(e, d)
        self.conv = nn.Conv1d(d, d, 3, padding=1)
        self.norm = nn.LayerNorm(d)
        self.block = Block(d, heads, dropout)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, mask):
        h = F.relu(self.inp(self.drop(x))) * mask[:, :, None]
        c = self.conv(h.transpose(1, 2)).transpose(1, 2)
        h = self.norm(h + F.relu(c)) * mask[:, :, None]
        return self.block(h, mask)


def pool(h, mask):
    n = mask.sum(1, keepdim=True).clamp_min(1)
    mean = h.sum(1) / n
    mx = (h + (1 - mask)[:, :, None] * NEG).max(1).values
    return torch.cat([mean, mx], dim=-1)


class Aligner(nn.Module):
    def __init__(self, e, d, top, heads, dropout, n_hand, buckets, wide, id_buckets=0, embed_dim=0):
        super().__init__()
        # Japanese: a learned embedding of the hashed character n-grams (summed per character).
        self.embed = nn.Embedding(id_buckets, embed_dim) if id_buckets else None
        if self.embed is not None:
            nn.init.normal_(self.embed.weight, std=0.1)
        self.enc = Encoder(e, d, heads, dropout)
        self.cmp = nn.Linear(4 * d, d)
        self.comp = Block(d, heads, dropout)
        self.cls1 = nn.Linear(4 * d + n_hand, top)
        self.cls2 = nn.Linear(top, 3)
        self.drop = nn.Dropout(dropout)
        self.register_buffer('hand_mean', hand_mean.clone())
        self.register_buffer('hand_std', hand_std.clone())
        self.wide = nn.Embedding(buckets, 3) if wide else None
        if self.wide is not None:
            nn.init.zeros_(self.wide.weight)

    def forward(self, *inputs):
        if self.embed is not None:
            a_ids, a_flags, a_mask, b_ids, b_flags, b_mask, hand_x, sp, sp_mask = inputs
            a = torch.cat([self.embed(a_ids).sum(2), a_flags], dim=-1)
            b = torch.cat([self.embed(b_ids).sum(2), b_flags], dim=-1)
        else:
            a, a_mask, b, b_mask, hand_x, sp, sp_mask = inputs
        ha = self.enc(a, a_mask)
        hb = self.enc(b, b_mask)
        d = ha.shape[-1]
        e = ha @ hb.transpose(1, 2) / math.sqrt(d)
        a_t = torch.softmax(e + (1 - b_mask)[:, None, :] * NEG, dim=2) @ hb
        b_t = torch.softmax(e.transpose(1, 2) + (1 - a_mask)[:, None, :] * NEG, dim=2) @ ha
        ma = F.relu(self.cmp(torch.cat([ha, a_t, ha - a_t, ha * a_t], dim=-1))) * a_mask[:, :, None]
        mb = F.relu(self.cmp(torch.cat([hb, b_t, hb - b_t, hb * b_t], dim=-1))) * b_mask[:, :, None]
        ma = self.comp(ma, a_mask)
        mb = self.comp(mb, b_mask)
        hs = (hand_x - self.hand_mean) / self.hand_std
        z = torch.cat([pool(ma, a_mask), pool(mb, b_mask), hs], dim=-1)
        logits = self.cls2(self.drop(F.relu(self.cls1(self.drop(z)))))
        if self.wide is not None:
            logits = logits + (self.wide(sp) * sp_mask[:, :, None]).sum(1)
        return logits


if JA:
    E = args.embed_dim + n_flags
model = Aligner(E, args.dim, args.top, args.heads, args.dropout, n_hand, meta['hashBuckets'], not args.no_wide,
                meta['idBuckets'] if JA else 0, args.embed_dim if JA else 0)
dense = [p_ for n, p_ in model.named_parameters() if not n.startswith('wide')]
groups = [{'params': dense, 'lr': args.lr, 'weight_decay': args.weight_decay}]
if model.wide is not None:
    groups.append({'params': list(model.wide.parameters()), 'lr': args.wide_lr, 'weight_decay': 0.0})
opt = torch.optim.AdamW(groups)
n_params = sum(p_.numel() for p_ in model.parameters())
log(f'model: {n_params} parameters ({sum(p_.numel() for p_ in dense)} dense)')

# Batches of similar length (less padding), in a seeded order.
rng = np.random.RandomState(args.seed)
lengths = pairs[:, 1] + pairs[:, 3]


def make_batches(indices, shuffle):
    idx = np.array(indices)
    if shuffle:
        idx = idx[rng.permutation(len(idx))]
        chunks = [idx[i:i + args.batch * 50] for i in range(0, len(idx), args.batch * 50)]
        out = []
        for c in chunks:
            c = c[np.argsort(lengths[c], kind='stable')]
            out.extend(c[i:i + args.batch] for i in range(0, len(c), args.batch))
        return [out[i] for i in rng.permutation(len(out))]
    idx = idx[np.argsort(lengths[idx], kind='stable')]
    return [idx[i:i + 256] for i in range(0, len(idx), 256)]


def predict(indices):
    model.eval()
    out = torch.zeros(len(indices), 3)
    pos = {int(i): k for k, i in enumerate(indices)}
    with torch.no_grad():
        for bt in make_batches(indices, False):
            logits = model(*batch(bt))
            for k, i in enumerate(bt):
                out[pos[int(i)]] = logits[k]
    model.train()
    return out


def macro_f1(gold, pred):
    f = []
    for c in range(3):
        tp = int(((pred == c) & (gold == c)).sum())
        pp = int((pred == c).sum())
        gp = int((gold == c).sum())
        if gp == 0:
            continue
        pr = tp / pp if pp else 0
        rc = tp / gp
        f.append(2 * pr * rc / (pr + rc) if pr + rc else 0)
    return sum(f) / len(f)


def average_precision(scores, positives):
    order = torch.argsort(scores, descending=True)
    pos = positives[order].float()
    if pos.sum() == 0:
        return 0.0
    prec = pos.cumsum(0) / torch.arange(1, len(pos) + 1)
    return float((prec * pos).sum() / pos.sum())


cand_sources = [k for k, s in enumerate(sources) if s.startswith('fm2') or s.startswith('check_covid') or s in ('evidence_inference',)]
dev_cand = np.array([i for i in dev_idx if source[i] in cand_sources])


def evaluate():
    logits = predict(dev_idx)
    probs = torch.softmax(logits, -1)
    gold = label[dev_idx]
    keep = gold < 3
    logits, probs, gold = logits[keep], probs[keep], gold[keep]
    dev_kept = dev_idx[keep.numpy()]
    f1 = macro_f1(gold, probs.argmax(-1))
    loss = float(F.cross_entropy(logits, gold))
    pos = {int(i): k for k, i in enumerate(dev_kept)}
    sel = torch.tensor([pos[int(i)] for i in dev_cand if int(i) in pos], dtype=torch.int64)
    if len(sel) == 0:
        sel = torch.arange(len(gold))
    ap_s = average_precision(probs[sel, 0], gold[sel] == 0)
    ap_r = average_precision(probs[sel, 1], gold[sel] == 1)
    return {'macroF1': f1, 'loss': loss, 'apSupports': ap_s, 'apRefutes': ap_r, 'score': 0.5 * f1 + 0.25 * (ap_s + ap_r)}


def class_loss(logits, gold):
    """Cross-entropy; label 3 (JaNLI's "not entailment") only says "not supports": -log(1 - p_supports)."""
    full = gold < 3
    out = torch.zeros(len(gold))
    if full.any():
        out[full] = F.cross_entropy(logits[full], gold[full], reduction='none', label_smoothing=args.label_smoothing)
    if (~full).any():
        logp = torch.log_softmax(logits[~full], -1)
        out[~full] = -torch.logsumexp(logp[:, 1:], -1)
    return out


steps_per_epoch = math.ceil(len(train_idx) / args.batch)
total_steps = steps_per_epoch * args.epochs
step = 0
best = None
history = []
for epoch in range(0 if args.from_state else args.epochs):
    model.train()
    tot, seen = 0.0, 0
    for bt in make_batches(train_idx, True):
        # Linear warm-up over 300 steps, then linear decay to 10 %.
        frac = step / max(1, total_steps)
        scale = min(1.0, (step + 1) / 300) * (1 - 0.9 * frac)
        for g, base in zip(opt.param_groups, [args.lr, args.wide_lr]):
            g['lr'] = base * scale
        logits = model(*batch(bt))
        loss_each = class_loss(logits, label[bt])
        w = weight[bt]
        loss = (loss_each * w).sum() / w.sum()
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(dense, 5.0)
        opt.step()
        tot += float(loss) * len(bt)
        seen += len(bt)
        step += 1
        if step % 500 == 0:
            log(f'epoch {epoch + 1} step {step}/{total_steps} loss {tot / seen:.4f}')
    m = evaluate()
    history.append({'epoch': epoch + 1, 'trainLoss': tot / seen, **m})
    log(f'epoch {epoch + 1}: train loss {tot / seen:.4f} dev macro-F1 {m["macroF1"]:.3f} loss {m["loss"]:.3f} AP supports {m["apSupports"]:.3f} refutes {m["apRefutes"]:.3f}')
    if best is None or m['score'] > best[0]:
        best = (m['score'], epoch + 1, {k: v.clone() for k, v in model.state_dict().items()})
    os.makedirs(args.out, exist_ok=True)
    torch.save(model.state_dict(), os.path.join(args.out, f'epoch-{epoch + 1}.pt'))

if args.from_state:
    best = (0.0, 0, torch.load(args.from_state))
model.load_state_dict(best[2])
model.eval()
os.makedirs(args.out, exist_ok=True)
log(f'kept epoch {best[1]}; exporting ONNX')

example = batch(train_idx[:4])
if JA:
    names = ['a_ids', 'a_flags', 'a_mask', 'b_ids', 'b_flags', 'b_mask', 'hand', 'sparse', 'sparse_mask']
    axes = {'a_ids': {0: 'B', 1: 'M'}, 'a_flags': {0: 'B', 1: 'M'}, 'a_mask': {0: 'B', 1: 'M'}, 'b_ids': {0: 'B', 1: 'N'},
            'b_flags': {0: 'B', 1: 'N'}, 'b_mask': {0: 'B', 1: 'N'}, 'hand': {0: 'B'}, 'sparse': {0: 'B', 1: 'S'},
            'sparse_mask': {0: 'B', 1: 'S'}, 'logits': {0: 'B'}}
else:
    names = ['a', 'a_mask', 'b', 'b_mask', 'hand', 'sparse', 'sparse_mask']
    axes = {'a': {0: 'B', 1: 'M'}, 'a_mask': {0: 'B', 1: 'M'}, 'b': {0: 'B', 1: 'N'}, 'b_mask': {0: 'B', 1: 'N'},
            'hand': {0: 'B'}, 'sparse': {0: 'B', 1: 'S'}, 'sparse_mask': {0: 'B', 1: 'S'}, 'logits': {0: 'B'}}
onnx_path = os.path.join(args.out, 'stance.onnx')
torch.onnx.export(model, example, onnx_path, input_names=names, output_names=['logits'], dynamic_axes=axes,
                  opset_version=14, do_constant_folding=True)

# Logits of the dev pairs, for checking the ONNX runtime in Node against PyTorch.
check = dev_idx[:64]
np.asarray(predict(check), dtype=np.float32).tofile(os.path.join(args.out, 'check_logits.f32'))
np.asarray(check, dtype=np.int32).tofile(os.path.join(args.out, 'check_idx.i32'))
json.dump({
    'seed': args.seed, 'epochs': args.epochs, 'keptEpoch': best[1], 'dim': args.dim, 'top': args.top, 'heads': args.heads,
    'batch': args.batch, 'lr': args.lr, 'wideLr': args.wide_lr, 'dropout': args.dropout, 'weightDecay': args.weight_decay,
    'labelSmoothing': args.label_smoothing, 'wide': not args.no_wide, 'embedDim': args.embed_dim if JA else None, 'parameters': n_params, 'trainPairs': int(len(train_idx)),
    'devPairs': int(len(dev_idx)), 'sourceWeights': json.loads(args.source_weights) if args.source_weights else {},
    'history': history, 'seconds': round(time.time() - t0), 'torch': torch.__version__, 'threads': args.threads,
}, open(os.path.join(args.out, 'training.json'), 'w'), indent=1)
log(f'wrote {onnx_path} ({os.path.getsize(onnx_path) / 1e6:.1f} MB)')
