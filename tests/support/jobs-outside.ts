// What a job reaches outside the app, for tests of alerts and scheduled reports: the real auth service (asked
// with the service key for a project's audience) and a real SMTP server, both on loopback, set in the
// configuration as the server's start-up sets them.
import { startAuthService } from "./auth-service";
import { testEnv } from "./services";
import { startSmtpServer } from "./smtp";

export async function startJobsOutside({ mailFrom }: { mailFrom: string }) {
  const config = testEnv();
  const auth = await startAuthService({ serviceKey: config.authServiceKey });
  config.authServiceUrl = auth.url;
  const smtp = await startSmtpServer();
  config.SMTP_URL = smtp.url;
  config.MAIL_FROM = mailFrom;
  return {
    auth,
    smtp,
    async close() {
      await smtp.close();
      await auth.close();
    },
  };
}
