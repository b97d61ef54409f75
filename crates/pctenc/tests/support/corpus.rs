//! The multilingual charset corpus: everyday sentences (written for this project) in
//! Japanese, Chinese (simplified and traditional), Korean, Russian, Czech, French, German,
//! Spanish and Portuguese; the legacy charsets each language was written in on the web; a
//! seeded sampler of windows of N characters; and the detection measurement.
//!
//! Shared by `tests/charset_accuracy.rs` (floors) and `examples/charset_accuracy.rs` (the table
//! in `docs/charsets.md`), through `#[path]`.

#![allow(dead_code)]

use std::collections::BTreeMap;

use pctenc::charset::{for_label, Invalid};
use pctenc::profile::whatwg::FORM;

/// One language of the corpus and the charsets it is measured in.
pub struct Language {
    /// Display name.
    pub name: &'static str,
    /// WHATWG labels of the legacy encodings for this language.
    pub charsets: &'static [&'static str],
    /// The text.
    pub sentences: &'static [&'static str],
}

/// Window lengths, in characters, that the measurement samples.
pub const LENGTHS: &[usize] = &[4, 8, 16, 32, 64, 128];

pub const LANGUAGES: &[Language] = &[
    Language {
        name: "Japanese",
        charsets: &["shift_jis", "euc-jp", "iso-2022-jp"],
        sentences: &[
            "今日は朝から雨が降っていたので、駅まで傘を差して歩きました。",
            "新しい図書館は市役所の隣にあり、週末には多くの家族が訪れます。",
            "このソフトウェアは文字コードの自動判定に対応しています。",
            "東京から大阪までは新幹線で約二時間半かかります。",
            "申し込みの締め切りは来月の十五日ですので、お早めにご連絡ください。",
            "山の上から見た夕焼けは、言葉にできないほど美しかった。",
            "検索結果が文字化けして表示される場合は、ブラウザの設定を確認してください。",
            "祖母は毎朝庭の花に水をやり、近所の猫に話しかけています。",
            "会議の資料は共有フォルダに保存しておきました。",
            "夏休みには家族で北海道を旅行し、新鮮な海産物を味わいました。",
            "駅前の喫茶店では、手作りのケーキと香りの良いコーヒーが人気です。",
            "ご注文いただいた商品は、明日の午後に発送する予定です。",
            "子供たちは公園でサッカーをしたり、自転車に乗ったりして遊んでいた。",
            "地震の際は、落ち着いて机の下に身を隠してください。",
            "彼は大学で経済学を学び、卒業後は地元の銀行に就職した。",
        ],
    },
    Language {
        name: "Chinese (simplified)",
        charsets: &["gbk", "gb18030"],
        sentences: &[
            "今天早上下了一场大雨，路上的行人都打着伞匆匆赶路。",
            "新建的图书馆就在市政府旁边，周末有很多家庭来这里看书。",
            "这个软件支持自动识别网页的字符编码。",
            "从北京到上海乘坐高铁大约需要四个半小时。",
            "报名截止日期是下个月十五号，请大家尽早提交材料。",
            "站在山顶上看日落，那种美丽无法用语言形容。",
            "如果搜索结果显示为乱码，请检查浏览器的编码设置。",
            "奶奶每天早上给院子里的花浇水，还会和邻居家的猫说话。",
            "会议资料已经保存在共享文件夹里了。",
            "暑假我们全家去海南旅游，品尝了新鲜的海鲜。",
            "车站附近的咖啡馆里，手工蛋糕和香浓的咖啡很受欢迎。",
            "您订购的商品将于明天下午发货。",
            "孩子们在公园里踢足球、骑自行车，玩得非常开心。",
            "发生地震时，请保持冷静，躲到桌子下面。",
            "他在大学学习经济学，毕业后进入了当地的一家银行工作。",
        ],
    },
    Language {
        name: "Chinese (traditional)",
        charsets: &["big5"],
        sentences: &[
            "今天早上下了一場大雨，路上的行人都打著傘匆匆趕路。",
            "新建的圖書館就在市政府旁邊，週末有很多家庭來這裡看書。",
            "這個軟體支援自動識別網頁的字元編碼。",
            "從臺北到高雄搭乘高鐵大約需要一個半小時。",
            "報名截止日期是下個月十五號，請大家儘早提交資料。",
            "站在山頂上看日落，那種美麗無法用言語形容。",
            "如果搜尋結果顯示為亂碼，請檢查瀏覽器的編碼設定。",
            "奶奶每天早上給院子裡的花澆水，還會和鄰居家的貓說話。",
            "會議資料已經儲存在共用資料夾裡了。",
            "暑假我們全家去花蓮旅遊，品嚐了新鮮的海鮮。",
            "車站附近的咖啡館裡，手工蛋糕和香濃的咖啡很受歡迎。",
            "您訂購的商品將於明天下午出貨。",
            "孩子們在公園裡踢足球、騎腳踏車，玩得非常開心。",
            "發生地震時，請保持冷靜，躲到桌子下面。",
            "他在大學學習經濟學，畢業後進入了當地的一家銀行工作。",
        ],
    },
    Language {
        name: "Korean",
        charsets: &["euc-kr"],
        sentences: &[
            "오늘 아침부터 비가 내려서 우산을 쓰고 역까지 걸어갔습니다.",
            "새로 지은 도서관은 시청 옆에 있고 주말에는 많은 가족이 찾아옵니다.",
            "이 프로그램은 웹 페이지의 문자 인코딩을 자동으로 판별합니다.",
            "서울에서 부산까지 고속열차로 약 두 시간 반이 걸립니다.",
            "신청 마감일은 다음 달 십오일이니 서둘러 연락해 주시기 바랍니다.",
            "산 정상에서 본 노을은 말로 표현할 수 없을 만큼 아름다웠다.",
            "검색 결과의 글자가 깨져 보이면 브라우저 설정을 확인해 주세요.",
            "할머니는 매일 아침 마당의 꽃에 물을 주고 이웃집 고양이에게 말을 건다.",
            "회의 자료는 공유 폴더에 저장해 두었습니다.",
            "여름 방학에는 가족과 함께 제주도를 여행하며 싱싱한 해산물을 맛보았다.",
            "역 앞 카페에서는 직접 만든 케이크와 향긋한 커피가 인기입니다.",
            "주문하신 상품은 내일 오후에 발송될 예정입니다.",
            "아이들은 공원에서 축구를 하고 자전거를 타며 즐겁게 놀았다.",
            "지진이 나면 침착하게 책상 아래로 몸을 숨기세요.",
            "그는 대학에서 경제학을 공부하고 졸업 후 지역 은행에 취직했다.",
        ],
    },
    Language {
        name: "Russian",
        charsets: &["windows-1251", "koi8-r"],
        sentences: &[
            "С самого утра шёл дождь, поэтому до вокзала пришлось идти под зонтом.",
            "Новая библиотека находится рядом с мэрией, и по выходным туда приходят целые семьи.",
            "Эта программа умеет автоматически определять кодировку веб-страницы.",
            "Поезд из Москвы в Санкт-Петербург идёт около четырёх часов.",
            "Приём заявок заканчивается пятнадцатого числа следующего месяца.",
            "Закат, который мы увидели с вершины горы, был невероятно красив.",
            "Если результаты поиска отображаются в виде непонятных символов, проверьте настройки браузера.",
            "Бабушка каждое утро поливает цветы в саду и разговаривает с соседской кошкой.",
            "Материалы к совещанию я сохранил в общей папке.",
            "Летом мы всей семьёй ездили на Байкал и пробовали свежую рыбу.",
            "В кафе у вокзала особенно популярны домашние пироги и ароматный кофе.",
            "Ваш заказ будет отправлен завтра во второй половине дня.",
            "Дети играли в парке в футбол и катались на велосипедах.",
            "Во время землетрясения сохраняйте спокойствие и укройтесь под столом.",
            "Он изучал экономику в университете, а после выпуска устроился в местный банк.",
        ],
    },
    Language {
        name: "Czech",
        charsets: &["windows-1250", "iso-8859-2"],
        sentences: &[
            "Od rána pršelo, a tak jsem šel na nádraží s deštníkem.",
            "Nová knihovna stojí hned vedle radnice a o víkendech sem chodí celé rodiny.",
            "Tento program umí automaticky rozpoznat kódování webové stránky.",
            "Cesta vlakem z Prahy do Brna trvá zhruba dvě a půl hodiny.",
            "Přihlášky je nutné odeslat nejpozději patnáctého příštího měsíce.",
            "Západ slunce, který jsme viděli z vrcholu hory, byl nepopsatelně krásný.",
            "Pokud se výsledky hledání zobrazují jako nesmyslné znaky, zkontrolujte nastavení prohlížeče.",
            "Babička každé ráno zalévá květiny na zahradě a povídá si se sousedovou kočkou.",
            "Podklady k poradě jsem uložil do sdílené složky.",
            "V létě jsme celá rodina jeli na Šumavu a koupali se v rybnících.",
            "V kavárně u nádraží jsou oblíbené domácí koláče a voňavá káva.",
            "Vaše objednávka bude odeslána zítra odpoledne.",
            "Děti hrály v parku fotbal a jezdily na kolech.",
            "Při zemětřesení zachovejte klid a schovejte se pod stůl.",
            "Studoval ekonomii na vysoké škole a po promoci nastoupil do místní banky.",
        ],
    },
    Language {
        name: "French",
        charsets: &["windows-1252"],
        sentences: &[
            "Il pleuvait depuis le matin, alors je suis allé à la gare avec mon parapluie.",
            "La nouvelle bibliothèque se trouve à côté de la mairie et accueille beaucoup de familles le week-end.",
            "Ce logiciel détecte automatiquement l'encodage des caractères d'une page.",
            "Le trajet en train de Paris à Lyon dure à peine deux heures.",
            "Les inscriptions sont closes le quinze du mois prochain, n'attendez pas.",
            "Le coucher de soleil vu du sommet était d'une beauté indescriptible.",
            "Ma grand-mère arrose ses fleurs chaque matin et bavarde avec le chat des voisins.",
            "Votre commande sera expédiée demain après-midi.",
            "Les enfants ont joué au football et fait du vélo dans le parc.",
            "Il a étudié l'économie à l'université avant d'être embauché par une banque régionale.",
            "Où est la crème brûlée que tu as préparée hier soir ?",
            "Le café du coin sert des gâteaux maison et un thé très parfumé.",
        ],
    },
    Language {
        name: "German",
        charsets: &["windows-1252"],
        sentences: &[
            "Seit dem Morgen regnete es, also ging ich mit dem Regenschirm zum Bahnhof.",
            "Die neue Bücherei liegt direkt neben dem Rathaus und ist am Wochenende voller Familien.",
            "Dieses Programm erkennt die Zeichenkodierung einer Webseite automatisch.",
            "Die Zugfahrt von München nach Köln dauert ungefähr viereinhalb Stunden.",
            "Anmeldeschluss ist der fünfzehnte des nächsten Monats, bitte melden Sie sich frühzeitig.",
            "Der Sonnenuntergang vom Gipfel aus war unbeschreiblich schön.",
            "Meine Großmutter gießt jeden Morgen die Blumen und spricht mit der Katze der Nachbarn.",
            "Ihre Bestellung wird morgen Nachmittag verschickt.",
            "Die Kinder spielten im Park Fußball und fuhren Fahrrad.",
            "Er studierte Volkswirtschaft und fand nach dem Abschluss eine Stelle bei der örtlichen Bank.",
            "Bei Erdbeben bewahren Sie Ruhe und suchen Sie Schutz unter einem Tisch.",
            "Im Café am Bahnhof sind selbstgebackene Kuchen und würziger Kaffee beliebt.",
        ],
    },
    Language {
        name: "Spanish",
        charsets: &["windows-1252"],
        sentences: &[
            "Llovía desde la mañana, así que fui a la estación con el paraguas.",
            "La nueva biblioteca está junto al ayuntamiento y los fines de semana se llena de familias.",
            "Este programa detecta automáticamente la codificación de caracteres de una página.",
            "El viaje en tren de Madrid a Sevilla dura unas dos horas y media.",
            "El plazo de inscripción termina el quince del mes que viene; no esperes al último día.",
            "La puesta de sol desde la cima de la montaña fue de una belleza indescriptible.",
            "Mi abuela riega las flores cada mañana y charla con el gato de los vecinos.",
            "Su pedido se enviará mañana por la tarde.",
            "Los niños jugaron al fútbol y montaron en bicicleta en el parque.",
            "Estudió economía en la universidad y después consiguió trabajo en un banco local.",
            "¿Dónde está el señor Muñoz? ¡Lleva media hora esperándote!",
            "En la cafetería de la estación son famosos los pasteles caseros y el café aromático.",
        ],
    },
    Language {
        name: "Portuguese",
        charsets: &["windows-1252"],
        sentences: &[
            "Chovia desde manhã, por isso fui à estação com o guarda-chuva.",
            "A nova biblioteca fica ao lado da câmara municipal e enche-se de famílias ao fim de semana.",
            "Este programa deteta automaticamente a codificação de caracteres de uma página.",
            "A viagem de comboio de Lisboa ao Porto demora cerca de três horas.",
            "As inscrições terminam no dia quinze do próximo mês; não deixe para a última hora.",
            "O pôr do sol visto do cimo da montanha foi de uma beleza indescritível.",
            "A minha avó rega as flores todas as manhãs e conversa com o gato dos vizinhos.",
            "A sua encomenda será enviada amanhã à tarde.",
            "As crianças jogaram futebol e andaram de bicicleta no parque.",
            "Estudou economia na universidade e depois conseguiu emprego num banco da região.",
            "Não há pão nem manteiga na cozinha, só café e açúcar.",
            "Na pastelaria da estação, os bolos caseiros e o café são muito procurados.",
        ],
    },
];

/// xorshift64*: a small seeded generator, so that every run samples the same windows.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// A window of `len` characters of the language's text (sentences in random order, joined
/// by spaces) that holds at least one non-ASCII character: ASCII alone is the same in every
/// charset and would say nothing about detection.
pub fn sample(rng: &mut Rng, lang: &Language, len: usize) -> String {
    loop {
        let mut order: Vec<&str> = lang.sentences.to_vec();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let chars: Vec<char> = order.join(" ").chars().collect();
        let start = rng.below(chars.len().saturating_sub(len) + 1);
        let window: String = chars[start..(start + len).min(chars.len())].iter().collect();
        if !window.is_ascii() {
            return window;
        }
    }
}

/// The outcome of detecting `n` samples of one (language, charset, length).
#[derive(Debug, Default)]
pub struct Outcome {
    /// Samples whose detected encoding decodes them to the original text.
    pub correct: usize,
    /// Samples tried.
    pub total: usize,
    /// For the samples that did not come back equal: how often each encoding was guessed.
    pub wrong: BTreeMap<&'static str, usize>,
}

impl Outcome {
    pub fn percent(&self) -> f64 {
        100.0 * self.correct as f64 / self.total.max(1) as f64
    }

    /// The most frequent guess among the samples that came back wrong, with its count.
    pub fn top_wrong(&self) -> Option<(&'static str, usize)> {
        self.wrong.iter().max_by_key(|(_, n)| **n).map(|(g, n)| (*g, *n))
    }
}

/// Escapes `n` samples as a form in `label` (text → bytes → escapes), decodes them with
/// detection (escapes → bytes → detect → text), and counts the samples that come back equal.
pub fn measure(lang: &Language, label: &str, len: usize, n: usize, seed: u64) -> Outcome {
    let encoding = for_label(label).expect("corpus labels are WHATWG labels");
    let mut rng = Rng::new(seed ^ (len as u64) << 32 ^ label.len() as u64);
    let mut out = Outcome::default();
    for _ in 0..n {
        let text = sample(&mut rng, lang, len);
        let escaped = FORM.try_encode_with(&text, encoding).expect("corpus text is mappable");
        let decoded = FORM.decode_auto(&*escaped, Invalid::Replace).expect("lenient escapes");
        out.total += 1;
        if decoded.text == text {
            out.correct += 1;
        } else {
            *out.wrong.entry(decoded.encoding.name()).or_default() += 1;
        }
    }
    out
}
