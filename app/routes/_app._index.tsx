import { useTranslation } from "react-i18next";
import { PageErrorBoundary } from "~/shell/error-page";
import { PageHeader } from "~/ui/page-header";

export default function OverviewPage() {
  const { t } = useTranslation("dashboard");
  return <PageHeader title={t("title")} description={t("description")} />;
}

export const ErrorBoundary = PageErrorBoundary;
