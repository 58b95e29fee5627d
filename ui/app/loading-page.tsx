import { StatusMessage } from "../kit/status-message.tsx";
import { AuthLayout } from "../features/auth/auth-layout.tsx";

// While a page's code is still downloading (a lazily loaded route).
export function LoadingPage({ title }: { title: string }) {
  return (
    <AuthLayout title={title} busy>
      <StatusMessage busy>Loading…</StatusMessage>
    </AuthLayout>
  );
}
