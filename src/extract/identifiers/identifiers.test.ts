import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  findArxivIds,
  findDois,
  findPmcids,
  findPmids,
  identifiersFromMeta,
  identifiersFromText,
  identifiersFromUrl,
  isAcademicUrl,
  mergeFoundIdentifiers,
  parseArxivId,
  parseDoi,
  selfIdentifiers,
} from './index.js';

test('DOIs in text end before sentence punctuation and unbalanced brackets', () => {
  const text = [
    'See doi:10.1000/xyz123. Also (https://doi.org/10.1016/S0140-6736(20)30183-5), ',
    'and [10.1093/nar/gkaa1100]; "10.1371/journal.pone.0123456", DOI: 10.5555/ABC-Def_1:2.',
    'Not a DOI: 10.12/abc or 10.1234/ alone.',
  ].join(' ');
  assert.deepEqual(findDois(text), [
    '10.1000/xyz123',
    '10.1016/s0140-6736(20)30183-5',
    '10.1093/nar/gkaa1100',
    '10.1371/journal.pone.0123456',
    '10.5555/abc-def_1:2',
  ]);
  assert.deepEqual(findDois('論文（10.1234/abc.def）を参照。'), ['10.1234/abc.def']);
  assert.deepEqual(findDois('<https://doi.org/10.1000/x1> and 10.1175/1520-0469(1963)020<0130:DNF>2.0.CO;2.'), [
    '10.1000/x1',
    '10.1175/1520-0469(1963)020<0130:dnf>2.0.co;2',
  ]);
});

test('parseDoi accepts resolver URLs, prefixes and encoded forms', () => {
  assert.equal(parseDoi('https://dx.doi.org/10.1000/XYZ'), '10.1000/xyz');
  assert.equal(parseDoi('info:doi/10.1000/abc'), '10.1000/abc');
  assert.equal(parseDoi('doi: 10.1000/abc.'), '10.1000/abc');
  assert.equal(parseDoi('10.1000%2Fabc%28x%29'), '10.1000/abc(x)');
  assert.equal(parseDoi('ISBN 978-3-16'), undefined);
  assert.equal(parseDoi('https://doi.org/10.1000/abc/'), '10.1000/abc');
  assert.equal(parseDoi('10.1234/'), undefined);
});

test('DOIs in publisher and resolver URLs drop view suffixes', () => {
  const doi = (u: string): string | undefined => identifiersFromUrl(u).find((i) => i.type === 'doi')?.value;
  assert.equal(doi('https://doi.org/10.1038/s41586-020-2012-7'), '10.1038/s41586-020-2012-7');
  assert.equal(doi('https://onlinelibrary.wiley.com/doi/full/10.1111/j.1365-2559.2006.02460.x'), '10.1111/j.1365-2559.2006.02460.x');
  assert.equal(doi('https://onlinelibrary.wiley.com/doi/10.1002/anie.201915678/abstract'), '10.1002/anie.201915678');
  assert.equal(doi('https://journals.plos.org/plosone/article?id=10.1371/journal.pone.0230405'), '10.1371/journal.pone.0230405');
  assert.equal(doi('https://www.biorxiv.org/content/10.1101/2020.03.22.002386v1.full.pdf'), '10.1101/2020.03.22.002386');
  assert.equal(doi('https://example.com/doi/10.1000%2Fabc'), '10.1000/abc');
  assert.equal(doi('https://doi.org/10.1175/1520-0469(1963)020%3C0130:DNF%3E2.0.CO;2'), '10.1175/1520-0469(1963)020<0130:dnf>2.0.co;2');
  assert.equal(doi('https://example.com/news/2020/10/1234'), undefined);
});

test('arXiv ids: new and old styles, versions, validation', () => {
  assert.deepEqual(parseArxivId('2301.12345v2'), { id: '2301.12345', version: 'v2' });
  assert.deepEqual(parseArxivId('arXiv:0706.0001'), { id: '0706.0001' });
  assert.deepEqual(parseArxivId('hep-th/9901001v3'), { id: 'hep-th/9901001', version: 'v3' });
  assert.deepEqual(parseArxivId('math.GT/0309136'), { id: 'math/0309136' });
  assert.equal(parseArxivId('2313.12345'), undefined, 'month 13');
  assert.equal(parseArxivId('1412.12345'), undefined, 'five digits before 2015');
  assert.equal(parseArxivId('1501.1234'), undefined, 'four digits after 2014');
  assert.equal(parseArxivId('and/0101001'), undefined, 'not an archive');
  const found = findArxivIds(
    'As in arXiv:1706.03762v5, arXiv preprint arXiv:hep-th/9711200 and arxiv 2010.11929. Not 1706.03762 alone, nor arXiv:2301.123456.',
  );
  assert.deepEqual(found, [{ id: '1706.03762', version: 'v5' }, { id: 'hep-th/9711200' }, { id: '2010.11929' }]);
});

test('arXiv, PubMed, PMC, Semantic Scholar and OpenAlex URLs', () => {
  const ids = (u: string): string[] => identifiersFromUrl(u).map((i) => `${i.type}:${i.value}${i.version ?? ''}`);
  assert.deepEqual(ids('https://arxiv.org/abs/2301.12345v2'), ['arxiv:2301.12345v2']);
  assert.deepEqual(ids('https://arxiv.org/pdf/1706.03762.pdf'), ['arxiv:1706.03762']);
  assert.deepEqual(ids('https://export.arxiv.org/abs/cond-mat/0207270'), ['arxiv:cond-mat/0207270']);
  assert.deepEqual(ids('https://doi.org/10.48550/arXiv.2303.08774'), ['doi:10.48550/arxiv.2303.08774', 'arxiv:2303.08774']);
  assert.deepEqual(ids('https://pubmed.ncbi.nlm.nih.gov/32015507/'), ['pmid:32015507']);
  assert.deepEqual(ids('https://www.ncbi.nlm.nih.gov/pubmed/32015507'), ['pmid:32015507']);
  assert.deepEqual(ids('https://www.ncbi.nlm.nih.gov/pmc/articles/PMC7092803/'), ['pmcid:PMC7092803']);
  assert.deepEqual(ids('https://pmc.ncbi.nlm.nih.gov/articles/PMC7092803/'), ['pmcid:PMC7092803']);
  assert.deepEqual(ids('https://europepmc.org/article/MED/32015507'), ['pmid:32015507']);
  assert.deepEqual(ids('https://www.semanticscholar.org/paper/Attention-is-All-you-Need-Vaswani/204e3073870fae3d05bcbc2f6a8e263d9b72e776'), [
    's2:204e3073870fae3d05bcbc2f6a8e263d9b72e776',
  ]);
  assert.deepEqual(ids('https://openalex.org/W2741809807'), ['openalex:W2741809807']);
  assert.deepEqual(ids('https://api.openalex.org/works/W2741809807'), ['openalex:W2741809807']);
  assert.deepEqual(ids('not a url'), []);
});

test('PMIDs and PMCIDs in text need their label', () => {
  assert.deepEqual(findPmids('PMID: 32015507; PMID 1234. Call 5551234.'), ['32015507', '1234']);
  assert.deepEqual(findPmcids('Free text at PMC7092803, not PMC12 or XPMC1234567.'), ['PMC7092803']);
  assert.deepEqual(
    identifiersFromText('doi:10.1000/a1 PMCID: PMC1234567').map((i) => `${i.type}:${i.value}`),
    ['doi:10.1000/a1', 'pmcid:PMC1234567'],
  );
});

test("meta tags, merging by strongest source, and the document's own identifiers", () => {
  const meta = identifiersFromMeta([
    { name: 'citation_doi', value: 'doi:10.1000/SELF' },
    { name: 'citation_pmid', value: '123456' },
    { name: 'DC.Identifier', value: 'info:doi/10.1000/self' },
    { name: 'dc.identifier', value: 'PMCID: PMC654321' },
    { name: 'citation_arxiv_id', value: '2301.00001v1' },
    { name: 'og:url', value: 'https://arxiv.org/abs/2301.00001' },
    { name: 'description', value: '10.9999/ignored' },
  ]);
  assert.deepEqual(
    meta.map((i) => `${i.type}:${i.value}`),
    ['doi:10.1000/self', 'pmid:123456', 'doi:10.1000/self', 'pmcid:PMC654321', 'arxiv:2301.00001', 'arxiv:2301.00001'],
  );
  const merged = mergeFoundIdentifiers([identifiersFromText('cites 10.2000/other and 10.1000/self'), meta]);
  assert.deepEqual(
    merged.map((i) => `${i.type}:${i.value}:${i.source}`),
    ['doi:10.1000/self:meta', 'pmid:123456:meta', 'pmcid:PMC654321:meta', 'arxiv:2301.00001:meta', 'doi:10.2000/other:text'],
  );
  assert.equal(merged.find((i) => i.type === 'arxiv')?.version, 'v1');
  assert.deepEqual(selfIdentifiers(merged), { doi: '10.1000/self', pmid: '123456', arxiv: '2301.00001' });
});

test('academic links', () => {
  assert.equal(isAcademicUrl('https://doi.org/10.1000/x'), true);
  assert.equal(isAcademicUrl('https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1/'), true);
  assert.equal(isAcademicUrl('https://www.ncbi.nlm.nih.gov/gene/'), false);
  assert.equal(isAcademicUrl('https://www.nature.com/doi/10.1038/nature12373'), true);
  assert.equal(isAcademicUrl('https://www.biorxiv.org/content/early/2020'), true);
  assert.equal(isAcademicUrl('https://example.com/blog'), false);
  assert.equal(isAcademicUrl('https://www.sciencedirect.com/science/article/pii/S0140673620301835'), true);
  assert.equal(isAcademicUrl('https://www.nature.com/articles/s41586-020-2012-7'), true);
  assert.equal(isAcademicUrl('https://www.nature.com/news'), false);
  assert.equal(isAcademicUrl('https://ieeexplore.ieee.org/document/8099678'), true);
  assert.equal(isAcademicUrl('mailto:a@doi.org'), false);
});
