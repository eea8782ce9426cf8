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

export type StoryKey = "qrFee" | "mortgage" | "appUpdate";

/** A story's mention: one title, one lead that tells the story, one reaction ({b} brand, {c} city, {n} a number). */
export interface Story {
  titles: string[];
  leads: string[];
  reactions: string[];
}

/**
 * Stories of the demo's recent weeks (seed.ts's EVENTS say when), told in every language with the words
 * inflected as people write them and the rest varied, so that what the stories share is what the demo's
 * topics (features/topics) find: a fee on QR payments (QR komissiya, комиссия за QR, QR fee), a mortgage rate cut
 * (ipoteka stavkasi, ставка по ипотеке, mortgage rate) and an app update that broke signing in.
 */
export const STORIES: Record<StoryKey, Record<Lang, Story>> = {
  qrFee: {
    en: {
      titles: [
        "{b} introduces a QR fee",
        "QR fee: {b} customers complain",
        "Why does {b} charge a QR fee?",
        "Shops in {c} fight the {b} QR fee",
        "{b} and the new fee on QR payments",
        "Customers ask {b} to drop the QR fee",
      ],
      leads: [
        "From this week {b} charges {n}0 soum as a QR fee on every purchase.",
        "Paid for bread and {b} took a QR fee without warning.",
        "Traders in {c} say the QR fee eats their margin.",
        "Paying was free before, now {b} takes a fee on QR payments.",
        "Because of the QR fee, buyers pay in cash again.",
        "{b} blamed the QR fee on service costs.",
      ],
      reactions: [
        "Shop owners are angry.",
        "Nobody warned us, this is unfair.",
        "Other banks do not charge for this, so I am moving my salary.",
        "The bank has not explained it yet.",
      ],
    },
    ru: {
      titles: [
        "{b} ввёл комиссию за QR",
        "Комиссия за QR: клиенты {b} недовольны",
        "Почему {b} берёт комиссию за QR?",
        "Магазины в {c} против комиссии за QR",
        "{b} и новая комиссия за QR-платежи",
        "Комиссию за QR просят отменить",
      ],
      leads: [
        "С этой недели {b} списывает {n}0 сумов комиссии за QR с каждой покупки.",
        "Заплатил за хлеб, а {b} снял комиссию за QR без предупреждения.",
        "Торговцы в {c} говорят, что комиссия за QR съедает их выручку.",
        "Раньше платили бесплатно, теперь {b} берёт комиссию за QR-оплату.",
        "Из-за комиссии за QR покупатели снова платят наличными.",
        "{b} объяснил комиссию за QR расходами на обслуживание.",
      ],
      reactions: [
        "Продавцы злятся.",
        "Никто не предупредил, это несправедливо.",
        "Другие банки за это ничего не берут, перевожу зарплату.",
        "Банк пока ничего не объяснил.",
      ],
    },
    uz: {
      titles: [
        "{b}: yangi QR komissiyasi",
        "QR komissiyasi: {b} mijozlari norozi",
        "{b} QR komissiyasini joriy qildi",
        "Nega {b} QR komissiya oladi?",
        "{c} doʻkonlar QR komissiyadan voz kechmoqda",
        "Mijozlar {b}dan QR komissiyani bekor qilishni soʻramoqda",
      ],
      leads: [
        "Shu haftadan {b} har bir xariddan {n}0 soʻm QR komissiya ushlab qolmoqda.",
        "Non uchun toʻladim, {b} QR komissiyasini yechib oldi.",
        "{c} savdogarlar aytishicha, QR komissiyasi daromadni yeyapti.",
        "Avval bepul edi, endi {b} QR komissiyani har kuni oladi.",
        "QR komissiya sababli xaridorlar yana naqd toʻlamoqda.",
        "{b} QR komissiyasini xizmat xarajatlari bilan izohladi.",
      ],
      reactions: [
        "Sotuvchilar jahldor.",
        "Hech kim ogohlantirmadi, bu adolatsiz.",
        "Boshqa banklar buning uchun pul olmaydi, maoshimni koʻchiraman.",
        "Bank hali hech narsa tushuntirmadi.",
      ],
    },
    "uz-Cyrl": {
      titles: [
        "{b}: янги QR комиссияси",
        "QR комиссияси: {b} мижозлари норози",
        "{b} QR комиссиясини жорий қилди",
        "Нега {b} QR комиссия олади?",
        "{c} дўконлар QR комиссиядан воз кечмоқда",
        "Мижозлар {b}дан QR комиссияни бекор қилишни сўрамоқда",
      ],
      leads: [
        "Шу ҳафтадан {b} ҳар бир хариддан {n}0 сўм QR комиссия ушлаб қолмоқда.",
        "Нон учун тўладим, {b} QR комиссиясини ечиб олди.",
        "{c} савдогарлар айтишича, QR комиссияси даромадни еяпти.",
        "Аввал бепул эди, энди {b} QR комиссияни ҳар куни олади.",
        "QR комиссия сабабли харидорлар яна нақд тўламоқда.",
        "{b} QR комиссиясини хизмат харажатлари билан изоҳлади.",
      ],
      reactions: [
        "Сотувчилар жаҳлдор.",
        "Ҳеч ким огоҳлантирмади, бу адолатсиз.",
        "Бошқа банклар бунинг учун пул олмайди, маошимни кўчираман.",
        "Банк ҳали ҳеч нарса тушунтирмади.",
      ],
    },
  },
  mortgage: {
    en: {
      titles: [
        "{b} cuts its mortgage rate to {n}%",
        "A lower mortgage rate at {b}",
        "{b} mortgage rate: what changes",
        "Mortgage rate cut brings buyers to {b}",
        "Young families welcome the {b} mortgage rate",
        "{b} leads the market on mortgage rates",
      ],
      leads: [
        "{b} lowered its mortgage rate to {n}% for families buying their first home.",
        "Finally I can afford a flat: the new {b} mortgage rate fits my budget.",
        "The new mortgage rate applies to contracts signed from this month.",
        "After the mortgage rate cut, applications in {c} doubled.",
        "Brokers say the {b} mortgage rate is the lowest on the market.",
        "Existing borrowers can ask for the new mortgage rate too.",
      ],
      reactions: [
        "Brokers in {c} expect demand to grow.",
        "Great news for young families.",
        "Other banks will have to follow.",
        "Details are on the bank's website.",
      ],
    },
    ru: {
      titles: [
        "{b} снизил ставку по ипотеке",
        "Ставка по ипотеке {n}%: что предлагает {b}",
        "Ставки по ипотеке в {b} ниже рынка",
        "Молодым семьям — новая ставка по ипотеке",
        "Спрос растёт после снижения ставки по ипотеке",
        "{b} пересмотрел ставку по ипотеке",
      ],
      leads: [
        "{b} снизил ставку по ипотеке до {n}% для семей, покупающих первое жильё.",
        "Наконец-то могу купить квартиру: новая ставка по ипотеке от {b} мне по силам.",
        "Новая ставка по ипотеке действует для договоров с этого месяца.",
        "После снижения ставки по ипотеке заявок в {c} стало вдвое больше.",
        "Риелторы говорят, что ставка по ипотеке у {b} самая низкая на рынке.",
        "Заёмщики могут пересчитать ставку по ипотеке и по старым договорам.",
      ],
      reactions: [
        "Риелторы в {c} ждут роста спроса.",
        "Отличная новость для молодых семей.",
        "Другим банкам придётся последовать.",
        "Подробности на сайте банка.",
      ],
    },
    uz: {
      titles: [
        "{b} ipoteka stavkasini pasaytirdi",
        "Ipoteka stavkasi {n}%: {b} taklifi",
        "{b}da ipoteka stavkasi bozordan past",
        "Yosh oilalar uchun yangi ipoteka stavkasi",
        "Ipoteka stavkasi tushgach, talab oshdi",
        "{b} ipoteka stavkasini qayta koʻrdi",
      ],
      leads: [
        "{b} birinchi uy olayotgan oilalar uchun ipoteka stavkasini {n}% gacha pasaytirdi.",
        "Nihoyat men ham uy olaman: {b}ning yangi ipoteka stavkasi menga mos.",
        "Yangi ipoteka stavkasi shu oydan imzolangan shartnomalarga amal qiladi.",
        "Ipoteka stavkasi pasaygach, {c} arizalar ikki hissa koʻpaydi.",
        "Rieltorlar aytishicha, {b}ning ipoteka stavkasi bozordagi eng past.",
        "Eski qarz oluvchilar ham yangi ipoteka stavkasini soʻrashi mumkin.",
      ],
      reactions: [
        "{c} rieltorlar talab oshishini kutmoqda.",
        "Yosh oilalar uchun ajoyib yangilik.",
        "Boshqa banklar ham ergashishiga toʻgʻri keladi.",
        "Tafsilotlar bank saytida.",
      ],
    },
    "uz-Cyrl": {
      titles: [
        "{b} ипотека ставкасини пасайтирди",
        "Ипотека ставкаси {n}%: {b} таклифи",
        "{b}да ипотека ставкаси бозордан паст",
        "Ёш оилалар учун янги ипотека ставкаси",
        "Ипотека ставкаси тушгач, талаб ошди",
        "{b} ипотека ставкасини қайта кўрди",
      ],
      leads: [
        "{b} биринчи уй олаётган оилалар учун ипотека ставкасини {n}% гача пасайтирди.",
        "Ниҳоят мен ҳам уй оламан: {b}нинг янги ипотека ставкаси менга мос.",
        "Янги ипотека ставкаси шу ойдан имзоланган шартномаларга амал қилади.",
        "Ипотека ставкаси пасайгач, {c} аризалар икки ҳисса кўпайди.",
        "Риелторлар айтишича, {b}нинг ипотека ставкаси бозордаги энг паст.",
        "Эски қарз олувчилар ҳам янги ипотека ставкасини сўраши мумкин.",
      ],
      reactions: [
        "{c} риелторлар талаб ошишини кутмоқда.",
        "Ёш оилалар учун ажойиб янгилик.",
        "Бошқа банклар ҳам эргашишига тўғри келади.",
        "Тафсилотлар банк сайтида.",
      ],
    },
  },
  appUpdate: {
    en: {
      titles: [
        "{b} app update breaks login",
        "{b} app crashes after the update",
        "{b} promises to fix the app update",
        "A faulty app update at {b}",
        "Users in {c} complain about the app update",
        "App update: {b} asks customers to wait",
      ],
      leads: [
        "After Tuesday's app update, login crashes.",
        "Installed the app update this morning and now it crashes every time.",
        "{b} says the broken app update hit Android phones.",
        "Since the latest app update, many users in {c} cannot log in.",
        "Because of the app update I cannot pay for anything.",
        "After the app update the password is not accepted.",
      ],
      reactions: ["Reinstalling does not help.", "Support says to wait.", "Still not fixed.", "Very annoying."],
    },
    ru: {
      titles: [
        "Обновление приложения {b} сломало вход",
        "После обновления приложение {b} вылетает",
        "{b} обещает исправить обновление приложения",
        "Неудачное обновление приложения {b}",
        "В {c} жалуются на обновление приложения",
        "Обновление приложения: {b} просит подождать",
      ],
      leads: [
        "После обновления приложение вылетает на экране входа.",
        "Поставил обновление приложения утром, и теперь оно вылетает каждый раз.",
        "{b} сообщил, что сбой после обновления приложения затронул телефоны на Android.",
        "С последним обновлением приложение не открывается у многих пользователей в {c}.",
        "Из-за обновления приложения не могу оплатить покупки.",
        "После обновления приложение не принимает пароль.",
      ],
      reactions: [
        "Переустановка не помогает.",
        "Поддержка просит подождать.",
        "До сих пор не исправили.",
        "Очень неудобно.",
      ],
    },
    uz: {
      titles: [
        "{b} ilovasi yangilanishdan keyin ochilmayapti",
        "Ilova yangilanishi {b} mijozlarini qiynadi",
        "{b}: ilova yangilanishi nosoz chiqdi",
        "Yangilanishdan keyin ilova ishlamayapti",
        "{b} ilova yangilanishini tuzatmoqda",
        "{c} foydalanuvchilar ilova yangilanishidan shikoyat qilmoqda",
      ],
      leads: [
        "Seshanba kungi yangilanishdan keyin ilova kirish oynasida yopilib qoladi.",
        "Ertalab ilova yangilanishini oʻrnatdim, endi har safar yopilib qoladi.",
        "{b} xabar berishicha, ilova yangilanishidagi xato Android telefonlarga taʼsir qilgan.",
        "Oxirgi ilova yangilanishidan beri {c} koʻplab foydalanuvchilar kira olmayapti.",
        "Ilova yangilanishi tufayli toʻlovlarni amalga oshirib boʻlmayapti.",
        "Yangilanishdan keyin ilova parolni qabul qilmayapti.",
      ],
      reactions: [
        "Qayta oʻrnatish yordam bermayapti.",
        "Qoʻllab-quvvatlash kutishni soʻramoqda.",
        "Hali ham tuzatilmadi.",
        "Juda noqulay.",
      ],
    },
    "uz-Cyrl": {
      titles: [
        "{b} иловаси янгиланишдан кейин очилмаяпти",
        "Илова янгиланиши {b} мижозларини қийнади",
        "{b}: илова янгиланиши носоз чиқди",
        "Янгиланишдан кейин илова ишламаяпти",
        "{b} илова янгиланишини тузатмоқда",
        "{c} фойдаланувчилар илова янгиланишидан шикоят қилмоқда",
      ],
      leads: [
        "Сешанба кунги янгиланишдан кейин илова кириш ойнасида ёпилиб қолади.",
        "Эрталаб илова янгиланишини ўрнатдим, энди ҳар сафар ёпилиб қолади.",
        "{b} хабар беришича, илова янгиланишидаги хато Android телефонларга таъсир қилган.",
        "Охирги илова янгиланишидан бери {c} кўплаб фойдаланувчилар кира олмаяпти.",
        "Илова янгиланиши туфайли тўловларни амалга ошириб бўлмаяпти.",
        "Янгиланишдан кейин илова паролни қабул қилмаяпти.",
      ],
      reactions: [
        "Қайта ўрнатиш ёрдам бермаяпти.",
        "Қўллаб-қувватлаш кутишни сўрамоқда.",
        "Ҳали ҳам тузатилмади.",
        "Жуда ноқулай.",
      ],
    },
  },
};
