/** The knowledge base: files and site pages parsed, chunked and handed to retrieval's index (spec §2.9, §7). */
export { detectFileType, RejectedFile, UNSUPPORTED_TYPE } from './detect';
export { registerKnowledgeJobs } from './jobs';
export { resumeUnfinishedFiles } from './resume';
export { knowledgeRoutes } from './routes';
export { addKnowledgeFile, FILE_TOO_LARGE, removeAssistantKnowledge } from './service';
