// Documents, an in-memory state store and output for the research workflow's tests.
import type { ResearchState, ResearchStateStore } from '../state.js';
import type { ResearchOutput } from '../types.js';
import type { MemoryDoc } from '../../test-support/memory-engine.js';

/** Sentences written for these tests about one topic, with a few contradicting each other. */
export const SEA_DOCS: MemoryDoc[] = [
  {
    url: 'corpus://fake/obs',
    trustLevel: 'ACADEMIC',
    title: 'Sea level observations',
    publishedAt: '2019-05-01',
    sentences: [
      'Global sea level rise has accelerated since 1993 according to satellite altimetry.',
      'Tide gauges show sea level rose about 1.8 mm per year during the 20th century.',
    ],
  },
  {
    url: 'corpus://fake/sat',
    trustLevel: 'ACADEMIC',
    title: 'Satellite altimetry',
    publishedAt: '2021-02-01',
    sentences: [
      'Satellite altimetry shows global sea level rise accelerated since 1993.',
      'The rate of sea level rise is now about 3.3 mm per year.',
      'The rate of sea level rise since 2006 is more than twice the rate of the 20th century.',
    ],
  },
  {
    url: 'corpus://fake/doubt',
    trustLevel: 'ACADEMIC',
    title: 'A dissenting view',
    sentences: [
      'Global sea level rise has not accelerated since 1993 according to some tide gauge analyses.',
      'Critics say sea level rise acceleration is an artefact of satellite calibration.',
    ],
  },
  {
    url: 'corpus://fake/doubt2',
    trustLevel: 'ACADEMIC',
    title: 'Another dissent',
    sentences: ['Sea level rise has not accelerated since 1993 at many tide gauge stations.'],
  },
  {
    url: 'corpus://fake/ice',
    trustLevel: 'ACADEMIC',
    title: 'Ice sheets',
    sentences: [
      'Melting ice sheets in Greenland and Antarctica are the largest source of future sea level rise.',
      'Greenland ice sheet melting adds about 0.7 mm per year to global sea level.',
    ],
  },
  {
    url: 'corpus://fake/cost',
    trustLevel: 'ACADEMIC',
    title: 'Costs of sea level rise',
    sentences: [
      'Sea level rise will cost coastal cities billions of dollars in flood defences by 2100.',
      'The market for coastal flood protection grows as sea level rise accelerates.',
    ],
  },
  {
    url: 'corpus://fake/future',
    trustLevel: 'ACADEMIC',
    title: 'Projections',
    sentences: ['Projections show global sea level rise of 30 to 110 cm by 2100.', 'Future sea level rise depends on emissions and ice sheet stability.'],
  },
  {
    url: 'corpus://fake/study',
    trustLevel: 'ACADEMIC',
    title: 'Research review',
    sentences: [
      'A 2018 study found that sea level rise accelerated by 0.084 mm per year squared.',
      'Research evidence on sea level rise acceleration comes from satellites and tide gauges.',
      'Global sea level rise accelerated faster after 2010 than in any decade of the 20th century.',
    ],
  },
];

export function memoryStateStore(): ResearchStateStore & { saved: Map<string, ResearchState>; saves: number } {
  const saved = new Map<string, ResearchState>();
  const store = {
    saved,
    saves: 0,
    load: (taskId: string) => (saved.has(taskId) ? structuredClone(saved.get(taskId)) : undefined),
    save: (state: ResearchState) => {
      store.saves++;
      saved.set(state.taskId, structuredClone(state));
    },
  };
  return store;
}

export function memoryOutput(location = '/runs/test'): ResearchOutput & { files: Map<string, string> } {
  const files = new Map<string, string>();
  return { location, files, write: async (name, content) => void files.set(name, content) };
}
