// Placeholder until the admin shell lands; replaced by the react-admin application.
export const AdminApp = () => <p>Loading…</p>;
export default AdminApp;
