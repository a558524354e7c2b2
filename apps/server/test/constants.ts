export const TEST_ADMIN_PASSWORD = 'admin-test-123';
