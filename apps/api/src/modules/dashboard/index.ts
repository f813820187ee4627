/** The dashboard module's door: what app.ts, the container and other modules use. */
export { createDashboardRepository } from './dashboard.repository';
export { dashboardRoutes } from './dashboard.routes';
export { createDashboardService, type DashboardService } from './dashboard.service';
