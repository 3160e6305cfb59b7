/** Triggers: stop-words and their actions, run by the conversation pipeline through its hook (spec §2.12, §4). */
export { triggerRoutes } from './routes';
export { runTriggers } from './run';
