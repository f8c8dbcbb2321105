// A tiny hand-made BERT-shaped NLI cross-encoder, written as a Hugging Face model folder
// (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx), so tests exercise the real
// @huggingface/transformers + onnxruntime-node loading and inference code without any download.
//
// The network: logits = (Σ_t mask_t · E[input_id_t]) · W + b, with one-hot word embeddings chosen so
// that "yes" votes entailment, "no" votes contradiction and every other token leaves the bias,
// which favours neutral. Labels follow the common NLI order {0: entailment, 1: neutral, 2: contradiction}.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** Word-piece vocabulary: specials first, then a few words. */
export const TINY_VOCAB = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'yes', 'no', 'the', 'claim', 'is', 'true', 'false', 'cats', 'purr', '.'];
export const TINY_LABELS = { 0: 'entailment', 1: 'neutral', 2: 'contradiction' } as const;

const HIDDEN = 2;

function tensor(name: string, dims: number[], dataType: number, values: { floats?: number[]; ints?: number[] }): InstanceType<typeof onnx.TensorProto> {
  return onnx.TensorProto.create({
    name,
    dims,
    dataType,
    ...(values.floats ? { floatData: values.floats } : {}),
    ...(values.ints ? { int64Data: values.ints } : {}),
  });
}

function valueInfo(name: string, elemType: number, shape: Array<string | number>): InstanceType<typeof onnx.ValueInfoProto> {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: shape.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  });
}

/** The ONNX model bytes (opset 13). */
export function tinyNliOnnx(): Uint8Array {
  const F = onnx.TensorProto.DataType.FLOAT;
  const I64 = onnx.TensorProto.DataType.INT64;
  // Embeddings: "yes" → [1, 0], "no" → [0, 1], everything else → [0, 0].
  const emb: number[] = [];
  for (const word of TINY_VOCAB) emb.push(word === 'yes' ? 1 : 0, word === 'no' ? 1 : 0);
  // W maps [yes, no] counts to [entailment, neutral, contradiction]; b favours neutral.
  const w = [4, 0, -2, -2, 0, 4];
  const b = [0, 1, 0];
  const graph = onnx.GraphProto.create({
    name: 'tiny-nli',
    initializer: [
      tensor('emb', [TINY_VOCAB.length, HIDDEN], F, { floats: emb }),
      tensor('W', [HIDDEN, 3], F, { floats: w }),
      tensor('b', [3], F, { floats: b }),
      tensor('axis1', [1], I64, { ints: [1] }),
      tensor('axis2', [1], I64, { ints: [2] }),
    ],
    node: [
      { opType: 'Gather', input: ['emb', 'input_ids'], output: ['E'], attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] },
      { opType: 'Cast', input: ['attention_mask'], output: ['m'], attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: F }] },
      { opType: 'Unsqueeze', input: ['m', 'axis2'], output: ['m3'] },
      { opType: 'Mul', input: ['E', 'm3'], output: ['Em'] },
      { opType: 'ReduceSum', input: ['Em', 'axis1'], output: ['s'], attribute: [{ name: 'keepdims', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] },
      { opType: 'MatMul', input: ['s', 'W'], output: ['sw'] },
      { opType: 'Add', input: ['sw', 'b'], output: ['logits'] },
    ].map((n) => onnx.NodeProto.create(n)),
    input: [valueInfo('input_ids', I64, ['batch_size', 'sequence_length']), valueInfo('attention_mask', I64, ['batch_size', 'sequence_length'])],
    output: [valueInfo('logits', F, ['batch_size', 3])],
  });
  const model = onnx.ModelProto.create({ irVersion: 7, producerName: 'lyra-test', opsetImport: [{ domain: '', version: 13 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * A tiny BERT-shaped encoder for the embedding backend: last_hidden_state = E[input_ids], with "yes"
 * → [1, 0], "no" → [0, 1] and every other token → [0, 0].
 */
export function tinyEncoderOnnx(): Uint8Array {
  const F = onnx.TensorProto.DataType.FLOAT;
  const I64 = onnx.TensorProto.DataType.INT64;
  const emb: number[] = [];
  for (const word of TINY_VOCAB) emb.push(word === 'yes' ? 1 : 0, word === 'no' ? 1 : 0);
  const graph = onnx.GraphProto.create({
    name: 'tiny-encoder',
    initializer: [tensor('emb', [TINY_VOCAB.length, HIDDEN], F, { floats: emb })],
    node: [
      onnx.NodeProto.create({
        opType: 'Gather',
        input: ['emb', 'input_ids'],
        output: ['last_hidden_state'],
        attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
      }),
    ],
    input: [valueInfo('input_ids', I64, ['batch_size', 'sequence_length'])],
    output: [valueInfo('last_hidden_state', F, ['batch_size', 'sequence_length', HIDDEN])],
  });
  const model = onnx.ModelProto.create({ irVersion: 7, producerName: 'lyra-test', opsetImport: [{ domain: '', version: 13 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/** Writes a tiny encoder model folder (feature extraction) at `<modelsDir>/<modelId>/`. */
export function writeTinyEncoderModel(options: { modelsDir: string; modelId: string }): string {
  const dir = join(options.modelsDir, options.modelId);
  const config = { ...tinyConfigJson(), architectures: ['BertModel'] };
  const files: Record<string, Uint8Array | string> = {
    'config.json': JSON.stringify(config),
    'tokenizer.json': JSON.stringify(tinyTokenizerJson()),
    'tokenizer_config.json': JSON.stringify(TINY_TOKENIZER_CONFIG),
    'onnx/model.onnx': tinyEncoderOnnx(),
  };
  for (const [file, data] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), data);
  }
  return dir;
}

/** tokenizer.json of a lower-casing BERT WordPiece tokenizer over TINY_VOCAB. */
export function tinyTokenizerJson(): Record<string, unknown> {
  const vocab = Object.fromEntries(TINY_VOCAB.map((w, i) => [w, i]));
  const special = (content: string) => ({ id: vocab[content], content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  const tok = (id: string, typeId: number) => ({ SpecialToken: { id, type_id: typeId } });
  const seq = (id: 'A' | 'B', typeId: number) => ({ Sequence: { id, type_id: typeId } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]'].map(special),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [tok('[CLS]', 0), seq('A', 0), tok('[SEP]', 0)],
      pair: [tok('[CLS]', 0), seq('A', 0), tok('[SEP]', 0), seq('B', 1), tok('[SEP]', 1)],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [vocab['[CLS]']], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [vocab['[SEP]']], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
  };
}

export function tinyConfigJson(labels: Record<number, string> = TINY_LABELS): Record<string, unknown> {
  return {
    model_type: 'bert',
    architectures: ['BertForSequenceClassification'],
    vocab_size: TINY_VOCAB.length,
    hidden_size: HIDDEN,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    max_position_embeddings: 64,
    id2label: Object.fromEntries(Object.entries(labels)),
    label2id: Object.fromEntries(Object.entries(labels).map(([i, l]) => [l, Number(i)])),
  };
}

export const TINY_TOKENIZER_CONFIG = {
  tokenizer_class: 'BertTokenizer',
  do_lower_case: true,
  model_max_length: 64,
  cls_token: '[CLS]',
  sep_token: '[SEP]',
  pad_token: '[PAD]',
  unk_token: '[UNK]',
};

/** Every file of the model folder, by path relative to the folder. */
export function tinyNliModelFiles(options: { labels?: Record<number, string> } = {}): Record<string, Uint8Array | string> {
  return {
    'config.json': JSON.stringify(tinyConfigJson(options.labels)),
    'tokenizer.json': JSON.stringify(tinyTokenizerJson()),
    'tokenizer_config.json': JSON.stringify(TINY_TOKENIZER_CONFIG),
    'onnx/model.onnx': tinyNliOnnx(),
  };
}

/** Writes the model folder at `<modelsDir>/<modelId>/` and returns its path. */
export function writeTinyNliModel(options: { modelsDir: string; modelId: string; labels?: Record<number, string> }): string {
  const dir = join(options.modelsDir, options.modelId);
  for (const [file, data] of Object.entries(tinyNliModelFiles(options))) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), data);
  }
  return dir;
}
