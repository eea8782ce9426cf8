// The web preview of the public channel @kuzatuvnews (`/s/kuzatuvnews`, as t.me serves it) for the fixture server:
// the newest page, then older ones at `?before=<post id>`, down to the post that opened the channel. Telegram's
// markup for the page and for a post is written once here, and each page states only its own posts.
import type { Handler } from "./fixture-server.ts";

interface Post {
  id: number;
  /** As shown: "856", "1.2K", "3,4M". */
  views: string;
  datetime: string;
  /** What the bubble shows between its author and its footer: text, photo, reply, forward. */
  body: string;
  /** A signed post's author. */
  signature?: string;
}

const text = (html: string) => `<div class="tgme_widget_message_text js-message_text" dir="auto">${html}</div>`;

const post = ({ id, views, datetime, body, signature }: Post) => `
          <div class="tgme_widget_message_wrap js-widget_message_wrap">
            <div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="kuzatuvnews/${id}" data-view="eyJjIjotMTAwMTIzNDU2Nzg5LCJwIjo${id}fQ">
              <div class="tgme_widget_message_user"><a href="https://t.me/kuzatuvnews"><i class="tgme_widget_message_user_photo bgcolor4" style="background-color:#fff" data-content="K"></i></a></div>
              <div class="tgme_widget_message_bubble">
                <i class="tgme_widget_message_bubble_tail"><svg class="bubble_icon" width="11px" height="20px" viewBox="0 0 11 20"><g fill="none"><path class="background" fill="#ffffff" d="M11,0 L11,20"></path></g></svg></i>
                <div class="tgme_widget_message_author accent_color"><a class="tgme_widget_message_owner_name" href="https://t.me/kuzatuvnews"><span dir="auto">Kuzatuv News</span></a></div>
                ${body}
                <div class="tgme_widget_message_footer compact js-message_footer">
                  <div class="tgme_widget_message_info short js-message_info">
                    <span class="tgme_widget_message_views">${views}</span><span class="copyonly"> views</span>${signature ? `<span class="tgme_widget_message_from_author" dir="auto">${signature}</span>` : ""}<span class="tgme_widget_message_meta"><a class="tgme_widget_message_date" href="https://t.me/kuzatuvnews/${id}"><time datetime="${datetime}" class="time">09:15</time></a></span>
                  </div>
                </div>
              </div>
            </div>
          </div>`;

const channelCreated = `
          <div class="tgme_widget_message_wrap js-widget_message_wrap">
            <div class="tgme_widget_message service_message js-widget_message" data-post="kuzatuvnews/1">
              <div class="tgme_widget_message_bubble"><div class="tgme_widget_message_text js-message_text" dir="auto">Channel created</div></div>
            </div>
          </div>`;

/** `history` is the page's posts, oldest first; `olderBefore` the id its "older posts" link asks for. */
const page = (history: string, olderBefore?: number) => `<!DOCTYPE html>
<html>
  <head>
    <meta charset="utf-8">
    <title>Kuzatuv News – Telegram</title>
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <meta property="og:title" content="Kuzatuv News">
    <meta property="og:description" content="Brand news from Uzbekistan">
    <link href="//telegram.org/css/widget-frame.css?71" rel="stylesheet">
  </head>
  <body class="widget_frame_base tgme_webpreview_body emoji_image nodesc">
    <header class="tgme_header search_collapsed">
      <div class="tgme_header_search"><form class="tgme_header_search_form" action="" method="get"><input class="tgme_header_search_form_input js-header_search" name="q" placeholder="Search"></form></div>
    </header>
    <main class="tgme_main" data-url="https://t.me/s/kuzatuvnews">
      <div class="tgme_container">
        <section class="tgme_right_column">
          <div class="tgme_channel_info">
            <div class="tgme_channel_info_header">
              <i class="tgme_page_photo_image bgcolor4" data-content="K"></i>
              <div class="tgme_channel_info_header_title"><span dir="auto">Kuzatuv News</span></div>
              <div class="tgme_channel_info_header_username"><a href="https://t.me/kuzatuvnews">@kuzatuvnews</a></div>
            </div>
            <div class="tgme_channel_info_description">Brand news from Uzbekistan</div>
            <div class="tgme_channel_info_counters">
              <div class="tgme_channel_info_counter"><span class="counter_value">12.4K</span> <span class="counter_type">subscribers</span></div>
            </div>
          </div>
        </section>
        <section class="tgme_channel_history js-message_history">${
          olderBefore
            ? `
      <div class="tme_messages_more_wrap">
        <a href="/s/kuzatuvnews?before=${olderBefore}" class="tme_messages_more js-messages_more" data-before="${olderBefore}"></a>
      </div>`
            : ""
        }${history}
        </section>
      </div>
    </main>
    <script src="//telegram.org/js/widget-frame.js?66"></script>
  </body>
</html>
`;

// By the `before` each page is asked for ("" for the newest).
const PAGES = new Map([
  [
    "",
    page(
      [
        post({
          id: 42,
          views: "1.2K",
          datetime: "2026-11-20T09:15:02+00:00",
          body: text(
            `<b>Nurbank</b> ilovasi yangilandi <i class="emoji" style="background-image:url('//telegram.org/img/emoji/40/F09F9A80.png')"><b>🚀</b></i><br/>Batafsil: <a href="https://nurbank.example/news" target="_blank" rel="noopener" onclick="return confirm('Open this link?\\n\\n'+this.href);">nurbank.example/news</a>`,
          ),
        }),
        post({
          id: 43,
          views: "3,4M",
          datetime: "2026-11-20T10:00:00+00:00",
          body: `<a class="tgme_widget_message_photo_wrap 5179312384" href="https://t.me/kuzatuvnews/43" style="width:800px;background-image:url('https://cdn4.telesco.pe/file/photo.jpg')"><div class="tgme_widget_message_photo" style="padding-top:56.25%"></div></a>`,
        }),
        post({
          id: 44,
          views: "856",
          signature: "Aziza Karimova",
          datetime: "2026-11-20T11:30:00+00:00",
          body: `<a class="tgme_widget_message_reply" href="https://t.me/kuzatuvnews/42"><div class="tgme_widget_message_author accent_color"><span class="tgme_widget_message_author_name" dir="auto">Kuzatuv News</span></div><div class="tgme_widget_message_text js-message_reply_text" dir="auto">Nurbank ilovasi yangilandi</div></a>
                ${text("Клиенты жалуются: приложение Нурбанка не работает второй день.")}`,
        }),
        post({
          id: 45,
          views: "12K",
          datetime: "2026-11-20T12:45:00+00:00",
          body: `<div class="tgme_widget_message_forwarded_from accent_color">Forwarded from <a class="tgme_widget_message_forwarded_from_name" href="https://t.me/paymeuz/5"><span dir="auto">Payme</span></a></div>
                ${text("Payme bilan toʻlov endi tezroq.")}`,
        }),
      ].join(""),
      42,
    ),
  ],
  [
    "42",
    page(
      [
        post({
          id: 40,
          views: "2.5K",
          datetime: "2026-11-19T08:00:00+00:00",
          body: text("Hamkorbank yangi kartani taqdim etdi."),
        }),
        post({
          id: 41,
          views: "900",
          datetime: "2026-11-19T09:00:00+00:00",
          body: text("Uzum Market: yetkazib berish kechikdi."),
        }),
      ].join(""),
      40,
    ),
  ],
  ["40", page(channelCreated)],
]);

/** Serves the channel's pages; a page it does not have is a 404. */
export const telegramPreview: Handler = (_req, res, url) => {
  const html = PAGES.get(url.searchParams.get("before") ?? "");
  if (html === undefined) res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  else res.writeHead(200, { "content-type": "text/html" }).end(html);
};
