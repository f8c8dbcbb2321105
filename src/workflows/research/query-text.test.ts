import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_QUERY_KEYWORDS_JA, clipQuery, japaneseKeywords, searchQueryText } from './query-text.js';

test('a Japanese question or sub-question is searched as its keywords: compounds kept whole, particles, endings and question words dropped (newcomer issue, item 3)', () => {
  assert.equal(searchQueryText('海水温の上昇はサンゴの白化の原因ですか？'), '海水温 上昇 サンゴ 白化 原因');
  assert.equal(searchQueryText('ネオニコチノイド系農薬はミツバチに害を与えるのか'), 'ネオニコチノイド系農薬 ミツバチ 害 与える');
  assert.equal(searchQueryText('ビタミンDは新型コロナウイルス感染症の重症化を防ぐか'), 'ビタミンD 新型コロナウイルス感染症 重症化 防ぐ');
  assert.equal(searchQueryText('COVID-19ワクチンの副反応 2021年'), 'COVID-19ワクチン 副反応 2021年');
  // A sub-question's template and a WIDE template with the same words are one search, not two.
  assert.equal(searchQueryText('海水温の上昇はサンゴの白化の原因の仕組みについて何が分かっているか？'), '海水温 上昇 サンゴ 白化 原因 仕組み');
  assert.equal(searchQueryText('海水温 上昇 サンゴ 白化 原因 仕組み'), '海水温 上昇 サンゴ 白化 原因 仕組み');
  assert.equal(searchQueryText('「海水温の上昇はサンゴの白化を引き起こす」は正しいか？'), '海水温 上昇 サンゴ 白化 引き起こす');
  assert.ok(japaneseKeywords('あ、い、う、え、お、か、き、く、け、こ、' + '一二三四五六七八九十'.split('').join('の')).length > MAX_QUERY_KEYWORDS_JA);
  assert.equal(searchQueryText('一の二の三の四の五の六の七の八の九の十').split(' ').length, MAX_QUERY_KEYWORDS_JA);
  // Text with no keyword at all is searched as it is; English is untouched.
  assert.equal(searchQueryText('それはどうですか'), 'それはどうですか');
  assert.equal(searchQueryText('Does  warming cause bleaching?'), 'Does warming cause bleaching?');
  assert.equal(clipQuery('海面上昇は加速している'), '海面上昇 加速');
});
