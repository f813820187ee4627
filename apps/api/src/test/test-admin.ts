/** The super-admin every test database is seeded with. */
export const TEST_ADMIN = { email: 'admin@test.cu', password: 'Admin.Test.2026' };
