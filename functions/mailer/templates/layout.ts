import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail, UnsubscribeLinks } from '../mail';

/** Everything a template may interpolate into HTML goes through here. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** A heading and its lines; a line's link is written out in the text part. */
export interface MailSection {
  heading: string;
  lines: { text: string; url: string }[];
  /** A closing line after the list ('and 3 more'). */
  note?: string;
}

interface MailContent {
  subject: string;
  /** Plain sentences (never markup): each becomes a paragraph in both parts. */
  paragraphs: string[];
  /** Headed lists after the paragraphs (the weekly digest's), each line a link into the app. */
  sections?: MailSection[];
  action?: { label: string; url: string };
  /** Why the recipient got this mail. */
  reason: string;
  /** A list's mail (reminders, the digest): its footer link and headers. Account mail has none. */
  unsubscribe?: UnsubscribeLinks & { what: string };
}

/**
 * The one layout of every mail: a plain-text part and an HTML part with the same words, the product
 * name, the action as a link (written out in full in the text part), and the footer. No images, no
 * tracking pixels, no remote content.
 */
export function renderMail(content: MailContent): RenderedMail {
  const footer = `${content.reason} — ${PRODUCT_NAME}`;
  const sections = content.sections ?? [];
  const text = [
    ...content.paragraphs,
    ...sections.map((section) =>
      [
        section.heading,
        ...section.lines.map((line) => `- ${line.text}: ${line.url}`),
        ...(section.note ? [section.note] : []),
      ].join('\n'),
    ),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    '',
    '--',
    footer,
    ...(content.unsubscribe ? [`${unsubscribeLabel(content.unsubscribe.what)}: ${content.unsubscribe.pageUrl}`] : []),
  ].join('\n\n');
  const paragraphs = content.paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('');
  const lists = sections
    .map(
      (section) =>
        `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(section.heading)}</h2>` +
        `<ul style="margin:0 0 8px;padding-left:20px">${section.lines.map((line) => `<li style="margin:0 0 6px"><a href="${escapeHtml(line.url)}" style="color:#047d95">${escapeHtml(line.text)}</a></li>`).join('')}</ul>` +
        (section.note ? `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(section.note)}</p>` : ''),
    )
    .join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#047d95;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(content.action.url)}</p>`
    : '';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f5f7f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#047d95">${escapeHtml(PRODUCT_NAME)}</p>` +
    paragraphs +
    lists +
    action +
    `<hr style="border:none;border-top:1px solid #e0e0e0;margin:24px 0">` +
    `<p style="margin:0;font-size:12px;color:#666">${escapeHtml(footer)}</p>` +
    (content.unsubscribe
      ? `<p style="margin:8px 0 0;font-size:12px;color:#666"><a href="${escapeHtml(content.unsubscribe.pageUrl)}" style="color:#047d95">${escapeHtml(unsubscribeLabel(content.unsubscribe.what))}</a></p>`
      : '') +
    `</div></body></html>`;
  if (!content.unsubscribe) return { subject: content.subject, text, html };
  // RFC 8058: a mail provider's 'Unsubscribe' button POSTs 'List-Unsubscribe=One-Click' to the HTTPS URL.
  const headers = {
    'List-Unsubscribe': `<${content.unsubscribe.oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  return { subject: content.subject, text, html, headers };
}

const unsubscribeLabel = (what: string) => `Unsubscribe from ${what}`;

/** A link into the app of this stage: the site URL comes from the mailer's environment, never from data. */
export const siteLink = (siteUrl: string, path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`;
