/** The faqs module's door: what app.ts, the container and other modules use. */
export { faqsRoutes } from './faqs.routes';
