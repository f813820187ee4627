/** The settings module's door: what app.ts, the container and other modules use. */
export { createSettingsRepository, type SettingsRepository } from './settings.repository';
export { settingsRoutes } from './settings.routes';
export {
  type CodePattern,
  createSettingsStore,
  fixedCodePattern,
  type SettingsStore,
  settingsDefaults,
} from './settings.service';
