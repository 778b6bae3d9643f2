import { ADMIN_MESSAGES } from "@common/messages";

export default function Orders() {
  return (
    <>
      <h1 className="text-3xl font-bold">Order History</h1>
      <p className="mt-4">{ADMIN_MESSAGES.ordersUnavailable}</p>
    </>
  );
}
