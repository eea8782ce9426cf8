// Words the demo messages are made of: fictional brands and outlets (real ones must not be shown with
// invented opinions), in English, Russian and both Uzbek scripts.

export type Lang = "en" | "ru" | "uz" | "uz-Cyrl";
export type Mood = "positive" | "neutral" | "negative";
export type BrandKey = "nurbank" | "orzu" | "tezpay";

export const BRANDS: Record<BrandKey, Record<Lang, string>> = {
  nurbank: { en: "Nurbank", ru: "Нурбанк", uz: "Nurbank", "uz-Cyrl": "Нурбанк" },
  orzu: { en: "Orzu Bank", ru: "Орзу Банк", uz: "Orzu Bank", "uz-Cyrl": "Орзу Банк" },
  tezpay: { en: "TezPay", ru: "ТезПей", uz: "TezPay", "uz-Cyrl": "ТезПей" },
};

export const CITIES: Record<Lang, string[]> = {
  en: ["Tashkent", "Samarkand", "Bukhara", "Namangan", "Andijan", "Fergana", "Nukus"],
  ru: ["Ташкенте", "Самарканде", "Бухаре", "Намангане", "Андижане", "Фергане", "Нукусе"],
  uz: ["Toshkentda", "Samarqandda", "Buxoroda", "Namanganda", "Andijonda", "Fargʻonada", "Nukusda"],
  "uz-Cyrl": ["Тошкентда", "Самарқандда", "Бухорода", "Наманганда", "Андижонда", "Фарғонада", "Нукусда"],
};

export const PRODUCTS: Record<Lang, string[]> = {
  en: ["mobile app", "cashback card", "instant transfers", "micro-loans", "savings deposit", "QR payments"],
  ru: [
    "мобильное приложение",
    "кешбэк-карту",
    "мгновенные переводы",
    "микрозаймы",
    "сберегательный вклад",
    "оплату по QR",
  ],
  uz: ["mobil ilova", "keshbek kartasi", "tezkor oʻtkazmalar", "mikroqarzlar", "jamgʻarma omonati", "QR toʻlovlar"],
  "uz-Cyrl": ["мобил илова", "кешбэк картаси", "тезкор ўтказмалар", "микроқарзлар", "жамғарма омонати", "QR тўловлар"],
};

type Template = { title: string; text: string };
/** {b} brand, {c} city, {p} product, {n} a number. */
export const TEMPLATES: Record<Lang, Record<Mood, Template[]>> = {
  en: {
    positive: [
      {
        title: "{b} launches {p} in {c}",
        text: "{b} has launched its new {p} in {c}. Early users praise how fast it works; the bank reports {n}% more sign-ups this week.",
      },
      {
        title: "Customers rate {b} support highly",
        text: "In a survey of {n}0 customers, {b} got the best marks for support. People mention short queues and friendly staff in {c}.",
      },
      {
        title: "{b} cuts fees on {p}",
        text: "{b} lowered fees on its {p} by {n}%. Small businesses in {c} say the change saves them real money.",
      },
    ],
    neutral: [
      {
        title: "{b} opens a branch in {c}",
        text: "{b} opened a new branch in {c}. It works six days a week and offers the full range of services, including {p}.",
      },
      {
        title: "{b} publishes quarterly results",
        text: "{b} published its results for the quarter: the client base grew by {n}%. The bank plans to expand {p} next year.",
      },
      {
        title: "What changes for {b} clients in {c}",
        text: "From next month {b} updates the terms of its {p}. The bank says existing contracts stay as they are.",
      },
    ],
    negative: [
      {
        title: "{b} app down for hours",
        text: "Users in {c} could not log in to the {b} app for several hours. Payments and {p} were unavailable; support lines were busy.",
      },
      {
        title: "Complaints about {b} {p}",
        text: "Clients complain that {b} charged unexpected fees for {p}. One customer in {c} says she waited {n} days for a refund.",
      },
      {
        title: "{b} card payments fail",
        text: "Card payments through {b} failed at shops in {c} this morning. The bank blamed a partner and promised compensation.",
      },
    ],
  },
  ru: {
    positive: [
      {
        title: "{b} запустил {p} в {c}",
        text: "{b} представил новую {p}. Первые пользователи в {c} хвалят скорость работы, а число подключений выросло на {n}%.",
      },
      {
        title: "Клиенты высоко оценили поддержку {b}",
        text: "По опросу {n}0 клиентов, у {b} лучшая служба поддержки. В {c} отмечают короткие очереди и вежливый персонал.",
      },
      {
        title: "{b} снизил комиссии",
        text: "{b} снизил комиссии за {p} на {n}%. Предприниматели в {c} говорят, что это заметная экономия.",
      },
    ],
    neutral: [
      {
        title: "{b} открыл отделение в {c}",
        text: "{b} открыл новое отделение в {c}. Оно работает шесть дней в неделю и предлагает все услуги, включая {p}.",
      },
      {
        title: "{b} опубликовал итоги квартала",
        text: "{b} отчитался о квартале: клиентская база выросла на {n}%. В следующем году банк планирует развивать {p}.",
      },
      {
        title: "Что изменится для клиентов {b}",
        text: "С нового месяца {b} обновляет условия на {p}. В банке уверяют, что действующие договоры не меняются.",
      },
    ],
    negative: [
      {
        title: "Сбой в приложении {b}",
        text: "Пользователи в {c} несколько часов не могли войти в приложение {b}. Платежи и {p} не работали, горячая линия была перегружена.",
      },
      {
        title: "Жалобы на {b}",
        text: "Клиенты жалуются, что {b} списал неожиданные комиссии за {p}. Клиентка в {c} ждала возврата {n} дней.",
      },
      {
        title: "Не проходят платежи {b}",
        text: "Утром в магазинах в {c} не проходили оплаты картами {b}. В банке сослались на партнёра и обещали компенсацию.",
      },
    ],
  },
  uz: {
    positive: [
      {
        title: "{b} {c} yangi xizmat ishga tushirdi",
        text: "{b} {c} {p}ni ishga tushirdi. Foydalanuvchilar tezligini maqtamoqda, roʻyxatdan oʻtish {n}% oshdi.",
      },
      {
        title: "Mijozlar {b} qoʻllab-quvvatlash xizmatini maqtadi",
        text: "{n}0 nafar mijoz orasidagi soʻrovda {b} eng yaxshi baho oldi. {c} navbatlar qisqa, xodimlar xushmuomala.",
      },
      {
        title: "{b} komissiyalarni kamaytirdi",
        text: "{b} {p} uchun komissiyani {n}% ga kamaytirdi. {c} tadbirkorlar bu sezilarli tejamkorlik ekanini aytmoqda.",
      },
    ],
    neutral: [
      {
        title: "{b} yangi filial ochdi",
        text: "{b} {c} yangi filial ochdi. Filial haftada olti kun ishlaydi va barcha xizmatlarni, jumladan {p}ni taklif qiladi.",
      },
      {
        title: "{b} chorak natijalarini eʼlon qildi",
        text: "{b} chorak hisobotini eʼlon qildi: mijozlar soni {n}% oshdi. Bank kelgusi yilda {p}ni rivojlantirmoqchi.",
      },
      {
        title: "{b} mijozlari uchun nima oʻzgaradi",
        text: "Keyingi oydan {b} {p} shartlarini yangilaydi. Bankning aytishicha, amaldagi shartnomalar oʻzgarmaydi.",
      },
    ],
    negative: [
      {
        title: "{b} ilovasida nosozlik",
        text: "{c} foydalanuvchilar bir necha soat {b} ilovasiga kira olmadi. Toʻlovlar va {p} ishlamadi, aloqa markazi band edi.",
      },
      {
        title: "{b} ustidan shikoyatlar",
        text: "Mijozlar {b} {p} uchun kutilmagan komissiya olganidan shikoyat qilmoqda. {c} bir mijoz pulini {n} kun kutdi.",
      },
      {
        title: "{b} kartalari bilan toʻlov oʻtmayapti",
        text: "Bugun ertalab {c} doʻkonlarda {b} kartalari bilan toʻlovlar oʻtmadi. Bank hamkorni aybladi va kompensatsiya vaʼda qildi.",
      },
    ],
  },
  "uz-Cyrl": {
    positive: [
      {
        title: "{b} {c} янги хизмат ишга туширди",
        text: "{b} {c} {p}ни ишга туширди. Фойдаланувчилар тезлигини мақтамоқда, рўйхатдан ўтиш {n}% ошди.",
      },
      {
        title: "Мижозлар {b} хизматини мақтади",
        text: "{n}0 нафар мижоз орасидаги сўровда {b} энг яхши баҳо олди. {c} навбатлар қисқа, ходимлар хушмуомала.",
      },
      {
        title: "{b} комиссияларни камайтирди",
        text: "{b} {p} учун комиссияни {n}% га камайтирди. {c} тадбиркорлар бу сезиларли тежамкорлик эканини айтмоқда.",
      },
    ],
    neutral: [
      {
        title: "{b} янги филиал очди",
        text: "{b} {c} янги филиал очди. Филиал ҳафтада олти кун ишлайди ва барча хизматларни, жумладан {p}ни таклиф қилади.",
      },
      {
        title: "{b} чорак натижаларини эълон қилди",
        text: "{b} чорак ҳисоботини эълон қилди: мижозлар сони {n}% ошди. Банк келгуси йилда {p}ни ривожлантирмоқчи.",
      },
      {
        title: "{b} мижозлари учун нима ўзгаради",
        text: "Кейинги ойдан {b} {p} шартларини янгилайди. Банкнинг айтишича, амалдаги шартномалар ўзгармайди.",
      },
    ],
    negative: [
      {
        title: "{b} иловасида носозлик",
        text: "{c} фойдаланувчилар бир неча соат {b} иловасига кира олмади. Тўловлар ва {p} ишламади, алоқа маркази банд эди.",
      },
      {
        title: "{b} устидан шикоятлар",
        text: "Мижозлар {b} {p} учун кутилмаган комиссия олганидан шикоят қилмоқда. {c} бир мижоз пулини {n} кун кутди.",
      },
      {
        title: "{b} карталари билан тўлов ўтмаяпти",
        text: "Бугун эрталаб {c} дўконларда {b} карталари билан тўловлар ўтмади. Банк ҳамкорни айблади ва компенсация ваъда қилди.",
      },
    ],
  },
};

/** General finance news that matches no project, so the feed is not only about the three brands. */
export const GENERAL: Record<Lang, Template[]> = {
  en: [
    {
      title: "Central bank keeps the rate at {n}%",
      text: "The central bank kept its key rate unchanged. Analysts in {c} expect lending to stay flat this quarter.",
    },
    { title: "Card payments keep growing", text: "Cashless payments grew by {n}% over the year, led by {p} in {c}." },
  ],
  ru: [
    {
      title: "ЦБ сохранил ставку на уровне {n}%",
      text: "Центробанк оставил ключевую ставку без изменений. Аналитики в {c} ждут, что кредитование не изменится.",
    },
    {
      title: "Безналичные платежи растут",
      text: "За год безналичные платежи выросли на {n}%, больше всего — {p} в {c}.",
    },
  ],
  uz: [
    {
      title: "Markaziy bank stavkani {n}% da saqladi",
      text: "Markaziy bank asosiy stavkani oʻzgartirmadi. {c} tahlilchilar kreditlash oʻzgarmasligini kutmoqda.",
    },
    {
      title: "Naqdsiz toʻlovlar oʻsmoqda",
      text: "Bir yilda naqdsiz toʻlovlar {n}% oshdi, eng koʻp oʻsish {c} {p}da kuzatildi.",
    },
  ],
  "uz-Cyrl": [
    {
      title: "Марказий банк ставкани {n}% да сақлади",
      text: "Марказий банк асосий ставкани ўзгартирмади. {c} таҳлилчилар кредитлаш ўзгармаслигини кутмоқда.",
    },
    {
      title: "Нақдсиз тўловлар ўсмоқда",
      text: "Бир йилда нақдсиз тўловлар {n}% ошди, энг кўп ўсиш {c} {p}да кузатилди.",
    },
  ],
};

export const AUTHORS: Record<Lang, string[]> = {
  en: ["Anna Petrova", "James Reed", "Dilnoza Karimova", "Newsroom", "Markets desk"],
  ru: ["Ольга Ким", "Сергей Лебедев", "Редакция", "Алексей Пак", "Марина Юн"],
  uz: ["Jasur Tursunov", "Malika Rahimova", "Tahririyat", "Bekzod Aliyev", "Nodira Yusupova"],
  "uz-Cyrl": ["Жасур Турсунов", "Малика Раҳимова", "Таҳририят", "Бекзод Алиев", "Нодира Юсупова"],
};
