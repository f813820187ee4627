/** The faqs module's door: what app.ts, the container and other modules use. */
export { createFaqsRepository, type FaqsRepository } from './faqs.repository';
export { faqsRoutes } from './faqs.routes';
export { createFaqsService, type FaqsService } from './faqs.service';
