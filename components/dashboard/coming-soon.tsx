import { PageHeader } from "@/components/dashboard/page-header";
import { EmptyState } from "@/components/ui/states";

/** Placeholder of a page not built yet; replace the page file that renders it. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState title="Coming soon">This page is being built.</EmptyState>
    </>
  );
}
