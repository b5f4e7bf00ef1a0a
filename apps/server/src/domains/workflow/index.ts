import type { FastifyInstance } from 'fastify';
import { startDeadlineJob } from './deadlines';
import flowBatchRoutes from './routes/flow-batch';
import flowBeforeRoutes from './routes/flow-before';
import flowEngineRoutes from './routes/flow-engine';
import flowFormRoutes from './routes/flow-form';
import flowGeneralRoutes from './routes/flow-general';
import flowLaunchRoutes from './routes/flow-launch';
import flowSimulateRoutes from './routes/flow-simulate';
import launchInfoRoutes from './routes/launch-info';
import monitorRoutes from './routes/monitor';
import { seedWorkflowExamples } from './seed';

/** Workflow engine API (spec 2 §7), base /api/workflow/Engine. See README.md beside this file. */
export default async function workflowRoutes(app: FastifyInstance) {
  await seedWorkflowExamples(app.kp);
  await app.register(flowEngineRoutes);
  await app.register(flowBeforeRoutes);
  await app.register(flowBatchRoutes);
  await app.register(flowFormRoutes);
  await app.register(flowLaunchRoutes);
  await app.register(flowSimulateRoutes);
  await app.register(launchInfoRoutes);
  await app.register(monitorRoutes);
  await app.register(flowGeneralRoutes);
  startDeadlineJob(app);
}
