import { NavLink, Outlet } from "react-router";

export const meta = () => [{ title: "Dashboard | Fenland Organics" }, { name: "robots", content: "noindex" }];

export default function Dashboard() {
  return (
    <div className="mx-auto max-w-6xl px-6 py-8">
      <nav aria-label="Admin" className="mb-6 flex gap-4">
        <NavLink to="/admin/dashboard" end>
          Order History
        </NavLink>
        <NavLink to="/admin/dashboard/blog">Blogs</NavLink>
        <NavLink to="/admin/dashboard/popups">Popups</NavLink>
        <NavLink to="/admin/dashboard/enquiries">Enquiries</NavLink>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
