import nodemailer from "nodemailer";
import type { Transport } from "./deliver.ts";

/** SMTP through nodemailer; SMTP_URL carries host, port, credentials and TLS (smtps://). */
export const smtpTransport = (smtpUrl: string, from: string): Transport & { readonly close: () => void } => {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    deliver: async (message) => {
      await transporter.sendMail({ from, to: message.recipient, subject: message.subject, text: message.body });
    },
    close: () => transporter.close(),
  };
};
