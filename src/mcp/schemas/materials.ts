// Output schema of get_materials: one MaterialsPage, derived from core's schema (core/schemas/
// materials-page.ts) by wireObject — snake_case keys, loose objects — with the resource links the tool
// adds. The task is the tools' task (config_snapshot only on request).
import { z } from 'zod';
import { materialsPageSchema as coreMaterialsPage } from '../../core/index.js';
import { taskSchema } from './views.js';
import { wireObject } from './wire.js';

export const materialsPageSchema = wireObject(coreMaterialsPage).extend({
  task: taskSchema,
  resources: z.looseObject({ materials: z.string(), graph: z.string() }),
});
