//! The catalogue: traditional sowing games as presets of [`Rules`], as the
//! Ludii game system plays them.
//!
//! Each game is a [`Traditional`] value, reachable by its name
//! ([`Traditional::from_name`], [`FromStr`](core::str::FromStr)), whose
//! [`rules`](Traditional::rules) are plain [`Rules`] data (also as a `const
//! fn` on `Rules`, such as [`Rules::bohnenspiel`]). The presets follow
//! Ludii's rules files (commit `845cda6f`, `board/sow/two_rows/*.lud`); each
//! replays, move for move, games recorded from Ludii. Where Ludii's reading
//! differs from the usual rules text, the preset is Ludii's and the doc
//! says what the text says.
//!
//! | game | where it is played | board | preset | source | options that change it |
//! | --- | --- | --- | --- | --- | --- |
//! | Das Bohnenspiel | Germany | 2x6, 6 seeds | [`Rules::bohnenspiel`] | `Das Bohnenspiel.lud` | `houses`, `seeds`, any rule key |
//! | Mankala | (Ludii's `Mankala`) | 2x6, 6 seeds | [`Rules::mankala`] | `Mankala.lud` | the same |
//! | Mangala | Turkey | 2x6, 5 seeds | [`Rules::mangala`] | `Mangala.lud`, "Six Holes (Observed)" | the same |
//! | Vai Lung Thlan | India (Mizoram) | 2x6, 5 seeds | [`Rules::vai_lung_thlan`] | `Vai Lung Thlan.lud` | the same |
//! | Awari | West Africa | 2x6, 4 seeds | [`Rules::awari`] | `Awari.lud` | the same; `each_at_most` |
//! | Wari | West Africa | 2x6, 4 seeds | [`Rules::wari`] | `Wari.lud` | the same |
//! | French Wari | France (the West African game) | 2x6, 4 seeds | [`Rules::french_wari`] | `French Wari.lud` | the same; `endless` |
//! | Enindji | (Ludii's `Enindji`) | 2x6, 4 seeds | [`Rules::enindji`] | `Enindji.lud` | the same; `credit` |
//! | En Gehe | Tanzania | 2x40, 4 seeds | [`Rules::en_gehe`] | `En Gehe.lud`, "Board Size/40", "Merker (Observed)" | the same (`houses` 40 to 50 as Ludii's board sizes, any of 1 to 50 taken); `endless` |
//! | I | (Ludii's `I`) | 2x3, 4 seeds | [`Rules::i`] | `I.lud`, "Board Size/3" | the same; `min_sow`; `repetition` to end cycles |
//! | Kay | (Ludii's `Kay`) | 2x6, 4 seeds | [`Rules::kay`] | `Kay.lud` | the same; `min_sow`, `lone_into_empty`, `relay_next_occupied`, `capture_first` |
//! | Adidada | (Ludii's `Adidada`) | 2x6, 4 seeds | [`Rules::adidada`] | `Adidada.lud` | the same |
//! | Chongka' | (Ludii's `Chongka'`) | 2x7, 7 seeds | [`Rules::chongka`] | `Chongka'.lud` | the same; `store_side` |
//! | Chungcajon | (Ludii's `Chungcajon`) | 2x7, 7 seeds | [`Rules::chungcajon`] | `Chungcajon.lud` | the same; `store_side` |
//! | Foji | Benin (Dahomey) | 2x6, 4 seeds | [`Rules::foji`] | `Foji.lud` | the same; `endless` |
//! | Fondji | (Ludii's `Fondji`) | 2x6, 4 seeds | [`Rules::fondji`] | `Fondji.lud` | the same |
//! | J'odu | (Ludii's `J'odu`) | 2x6, 4 seeds | [`Rules::jodu`] | `J'odu.lud` | the same; `endless` |
//! | Kpo | Liberia (the Vai) | 2x6, 4 seeds | [`Rules::kpo`] | `Kpo.lud`, "Momolu Massaquoi (Observed)" | the same |
//! | Ntyenge | (Ludii's `Ntyenge`) | 2x8, 4 seeds | [`Rules::ntyenge`] | `Ntyenge.lud` | the same |
//! | Shono | (Ludii's `Shono`) | 2x6, 5 seeds | [`Rules::shono`] | `Shono.lud`, "Shono (Observed)" | the same |
//! | Unnee Tugalluulax | (Ludii's `Unnee Tugalluulax`) | 2x6, 6 seeds | [`Rules::unnee_tugalluulax`] | `Unnee Tugalluulax.lud`, "Mancala World (Suggested)" | the same |
//! | Woli | (Ludii's `Woli`) | 2x6, 6 seeds | [`Rules::woli`] | `Woli.lud` | the same |
//! | Wore | (Ludii's `Wore`) | 2x4, 6 seeds | [`Rules::wore`] | `Wore.lud` | the same |
//! | FairKalah | (Ludii's `FairKalah`) | 2x6, 4 seeds (board 1) | [`Rules::fairkalah`] | `FairKalah.lud`, "Board #/1" | the same; `start_moves` |
//! | Yovodi | (Ludii's `Yovodi`) | 2x6, 4 seeds | [`Rules::yovodi`] | `Yovodi.lud` | the same; `credit`, `endless` |
//! | Uril | (Ludii's `Uril`) | 2x6, 4 seeds | [`Rules::uril`] | `Uril.lud` | the same; `target`, `verdict` |
//! | Waurie | (Ludii's `Waurie`) | 2x6, 4 seeds | [`Rules::waurie`] | `Waurie.lud` | the same; `verdict` |
//! | Altiev | (Ludii's `Altiev`) | 2x6, 3 seeds | [`Rules::altiev`] | `Altiev.lud` | the same; `stop_on_empty_side`, `verdict`, `endless` |
//! | Kara | (Ludii's `Kara`) | 2x3, 7 seeds | [`Rules::kara`] | `Kara.lud` | the same |
//! | Halusa | (Ludii's `Halusa`) | 2x6, 6 seeds | [`Rules::halusa`] | `Halusa.lud` | the same |
//! | La'b Akila | (Ludii's `La'b Akila`) | 2x7, 7 seeds | [`Rules::lab_akila`] | `La'b Akila.lud` | the same; `at_most_left` |
//! | Kapana Bona | (Ludii's `Kapana Bona`) | 2x3, 8 seeds | [`Rules::kapana_bona`] | `Kapana Bona.lud` | the same; `sow_zone`, `sweep` |
//! | Oure Ngat | (Ludii's `Oure Ngat`) | 2x4, 6 seeds | [`Rules::oure_ngat`] | `Oure Ngat.lud` | the same; `sweep` |
//! | Wouri | (Ludii's `Wouri`) | 2x6, 4 seeds | [`Rules::wouri`] | `Wouri.lud` | the same; `sweep`, `endless` |
//! | Hoyito | (Ludii's `Hoyito`) | 2x6, 4 seeds | [`Rules::hoyito`] | `Hoyito.lud`, "Hoyito I (Described)" | the same; `sweep` |
//! | Aw-li On-nam Ot-tjin | (Ludii's `Aw-li On-nam Ot-tjin`) | 2x9, 3 seeds | [`Rules::aw_li_on_nam_ot_tjin`] | `Aw-li On-nam Ot-tjin.lud`, "Three Counters (Observed)" | the same; `min_sow`, `leftover` |
//! | Tap Urdy | (Ludii's `Tap Urdy`) | 2x6, 4 seeds | [`Rules::tap_urdy`] | `Tap Urdy.lud` | the same; `sow_zone`, `endless` |
//! | Yovodji | (Ludii's `Yovodji`) | 2x6, 4 seeds | [`Rules::yovodji`] | `Yovodji.lud` | the same; `fallback_capture`, `endless` |
//! | Dabuda | (Ludii's `Dabuda`, the Afar's game) | 2x10, 4 seeds | [`Rules::dabuda`] | `Dabuda.lud`, "Afar (Observed)" | the same; `first_moves`, `endless` |
//! | Um el-Bil | (Ludii's `Um el-Bil`) | 2x6, 4 seeds | [`Rules::um_el_bil`] | `Um el-Bil.lud`, "Six Holes (Observed)" | the same; `first_moves` |
//! | Toguz Kumalak | Kazakhstan and Kyrgyzstan | 2x9, 9 seeds | [`Rules::toguz_kumalak`], played with the tuzdik by [`ToguzKumalak`](crate::toguz::ToguzKumalak) | `Toguz Kumalak.lud` | none |
//!
//! What the games share, as Ludii plays them: player 0 moves first;
//! a move sows every seed of one of the mover's non-empty holes, one a hole,
//! never into a store and, unless the game says so, never passing over the
//! hole it was lifted from (a lap of as many seeds as the board has holes,
//! or more, refills it); captures are judged where the last
//! seed fell, on the board after the sowing, and chain back against the
//! sowing direction, stopping on reaching the move's origin hole
//! ([`ChainLimit::ToOrigin`]); captured seeds go to the mover's store (a
//! store or his hand); seeds left at the end never move, and count for
//! their row's owner only where the game says so
//! ([`Leftover::Stay`](crate::rules::Leftover::Stay), else
//! [`Leftover::Void`](crate::rules::Leftover::Void)); more seeds wins,
//! equal is a draw.
//!
//! The presets are written in files by what they hold: `counts.rs`,
//! the games that take holes by the count they hold, `relays.rs`, the
//! games whose laps relay, and `stores.rs`, the games sown through the
//! mover's own store.
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Mancala, Rules, Traditional};
//!
//! let game: Traditional = "bohnenspiel".parse()?;
//! assert_eq!(game.rules(), Rules::bohnenspiel());
//! assert_eq!(game.title(), "Das Bohnenspiel");
//! let state = Mancala::new(game.rules())?;
//! assert_eq!(state.board().holes(), &[6; 12]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod counts;
mod relays;
mod stores;
mod summaries;
mod sweeps;
mod zones;

use core::fmt;

use crate::capture::{Capture, ChainLimit, CountSet, Zone};
use crate::rules::Rules;

/// A traditional game of the catalogue (see the [module docs](self)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub enum Traditional {
    /// Das Bohnenspiel (Germany): [`Rules::bohnenspiel`].
    Bohnenspiel,
    /// Ludii's Mankala: [`Rules::mankala`].
    Mankala,
    /// Mangala (Turkey), six holes a row: [`Rules::mangala`].
    Mangala,
    /// Vai Lung Thlan (India, Mizoram): [`Rules::vai_lung_thlan`].
    VaiLungThlan,
    /// Awari: [`Rules::awari`].
    Awari,
    /// Wari: [`Rules::wari`].
    Wari,
    /// Enindji: [`Rules::enindji`].
    Enindji,
    /// French Wari: [`Rules::french_wari`].
    FrenchWari,
    /// En Gehe (Tanzania), two rows of 40: [`Rules::en_gehe`].
    EnGehe,
    /// I, on two rows of 3: [`Rules::i`].
    I,
    /// Kay: [`Rules::kay`].
    Kay,
    /// Adidada: [`Rules::adidada`].
    Adidada,
    /// Chongka': [`Rules::chongka`].
    Chongka,
    /// Chungcajon: [`Rules::chungcajon`].
    Chungcajon,
    /// Foji: [`Rules::foji`].
    Foji,
    /// Fondji: [`Rules::fondji`].
    Fondji,
    /// J'odu: [`Rules::jodu`].
    Jodu,
    /// Kpo: [`Rules::kpo`].
    Kpo,
    /// Ntyenge: [`Rules::ntyenge`].
    Ntyenge,
    /// Shono: [`Rules::shono`].
    Shono,
    /// Unnee Tugalluulax: [`Rules::unnee_tugalluulax`].
    UnneeTugalluulax,
    /// Woli: [`Rules::woli`].
    Woli,
    /// Wore: [`Rules::wore`].
    Wore,
    /// FairKalah: [`Rules::fairkalah`].
    FairKalah,
    /// Yovodi: [`Rules::yovodi`].
    Yovodi,
    /// Uril: [`Rules::uril`].
    Uril,
    /// Waurie: [`Rules::waurie`].
    Waurie,
    /// Altiev: [`Rules::altiev`].
    Altiev,
    /// Kara: [`Rules::kara`].
    Kara,
    /// Halusa: [`Rules::halusa`].
    Halusa,
    /// La'b Akila: [`Rules::lab_akila`].
    LabAkila,
    /// Kapana Bona: [`Rules::kapana_bona`].
    KapanaBona,
    /// Oure Ngat: [`Rules::oure_ngat`].
    OureNgat,
    /// Wouri: [`Rules::wouri`].
    Wouri,
    /// Hoyito: [`Rules::hoyito`].
    Hoyito,
    /// Aw-li On-nam Ot-tjin: [`Rules::aw_li_on_nam_ot_tjin`].
    AwLiOnNamOtTjin,
    /// Tap Urdy: [`Rules::tap_urdy`].
    TapUrdy,
    /// Yovodji: [`Rules::yovodji`].
    Yovodji,
    /// Dabuda: [`Rules::dabuda`].
    Dabuda,
    /// Um el-Bil: [`Rules::um_el_bil`].
    UmElBil,
    /// Toguz Kumalak (Kazakhstan and Kyrgyzstan): played by the
    /// [`ToguzKumalak`](crate::toguz::ToguzKumalak) type, which adds the tuzdik to
    /// the base rules [`Rules::toguz_kumalak`].
    ToguzKumalak,
}

impl Traditional {
    /// Every game of the catalogue, in the order of the module's table.
    pub const ALL: [Traditional; 41] = [
        Traditional::Bohnenspiel,
        Traditional::Mankala,
        Traditional::Mangala,
        Traditional::VaiLungThlan,
        Traditional::Awari,
        Traditional::Wari,
        Traditional::Enindji,
        Traditional::FrenchWari,
        Traditional::EnGehe,
        Traditional::I,
        Traditional::Kay,
        Traditional::Adidada,
        Traditional::Chongka,
        Traditional::Chungcajon,
        Traditional::Foji,
        Traditional::Fondji,
        Traditional::Jodu,
        Traditional::Kpo,
        Traditional::Ntyenge,
        Traditional::Shono,
        Traditional::UnneeTugalluulax,
        Traditional::Woli,
        Traditional::Wore,
        Traditional::FairKalah,
        Traditional::Yovodi,
        Traditional::Uril,
        Traditional::Waurie,
        Traditional::Altiev,
        Traditional::Kara,
        Traditional::Halusa,
        Traditional::LabAkila,
        Traditional::KapanaBona,
        Traditional::OureNgat,
        Traditional::Wouri,
        Traditional::Hoyito,
        Traditional::AwLiOnNamOtTjin,
        Traditional::TapUrdy,
        Traditional::Yovodji,
        Traditional::Dabuda,
        Traditional::UmElBil,
        Traditional::ToguzKumalak,
    ];

    /// The game's name in traces and on command lines (`bohnenspiel`,
    /// `mankala`, `mangala`, `vai-lung-thlan`, `awari`, `wari`, `enindji`,
    /// `french-wari`, `en-gehe`, `i`, `kay`, `adidada`, `chongka`,
    /// `chungcajon`, `foji`, `fondji`,
    /// `jodu`, `kpo`, `ntyenge`, `shono`, `unnee-tugalluulax`, `woli`,
    /// `wore`, `fairkalah`, `yovodi`, `uril`, `waurie`, `altiev`, `kara`,
    /// `halusa`, `lab-akila`, `kapana-bona`, `oure-ngat`, `wouri`, `hoyito`,
    /// `aw-li-on-nam-ot-tjin`, `tap-urdy`, `yovodji`, `dabuda`, `um-el-bil`,
    /// `toguz-kumalak`).
    pub const fn name(self) -> &'static str {
        match self {
            Traditional::Bohnenspiel => "bohnenspiel",
            Traditional::Mankala => "mankala",
            Traditional::Mangala => "mangala",
            Traditional::VaiLungThlan => "vai-lung-thlan",
            Traditional::Awari => "awari",
            Traditional::Wari => "wari",
            Traditional::Enindji => "enindji",
            Traditional::FrenchWari => "french-wari",
            Traditional::EnGehe => "en-gehe",
            Traditional::I => "i",
            Traditional::Kay => "kay",
            Traditional::Adidada => "adidada",
            Traditional::Chongka => "chongka",
            Traditional::Chungcajon => "chungcajon",
            Traditional::Foji => "foji",
            Traditional::Fondji => "fondji",
            Traditional::Jodu => "jodu",
            Traditional::Kpo => "kpo",
            Traditional::Ntyenge => "ntyenge",
            Traditional::Shono => "shono",
            Traditional::UnneeTugalluulax => "unnee-tugalluulax",
            Traditional::Woli => "woli",
            Traditional::Wore => "wore",
            Traditional::FairKalah => "fairkalah",
            Traditional::Yovodi => "yovodi",
            Traditional::Uril => "uril",
            Traditional::Waurie => "waurie",
            Traditional::Altiev => "altiev",
            Traditional::Kara => "kara",
            Traditional::Halusa => "halusa",
            Traditional::LabAkila => "lab-akila",
            Traditional::KapanaBona => "kapana-bona",
            Traditional::OureNgat => "oure-ngat",
            Traditional::Wouri => "wouri",
            Traditional::Hoyito => "hoyito",
            Traditional::AwLiOnNamOtTjin => "aw-li-on-nam-ot-tjin",
            Traditional::TapUrdy => "tap-urdy",
            Traditional::Yovodji => "yovodji",
            Traditional::Dabuda => "dabuda",
            Traditional::UmElBil => "um-el-bil",
            Traditional::ToguzKumalak => "toguz-kumalak",
        }
    }

    /// The game's usual name.
    pub const fn title(self) -> &'static str {
        match self {
            Traditional::Bohnenspiel => "Das Bohnenspiel",
            Traditional::Mankala => "Mankala",
            Traditional::Mangala => "Mangala",
            Traditional::VaiLungThlan => "Vai Lung Thlan",
            Traditional::Awari => "Awari",
            Traditional::Wari => "Wari",
            Traditional::Enindji => "Enindji",
            Traditional::FrenchWari => "French Wari",
            Traditional::EnGehe => "En Gehe",
            Traditional::I => "I",
            Traditional::Kay => "Kay",
            Traditional::Adidada => "Adidada",
            Traditional::Chongka => "Chongka'",
            Traditional::Chungcajon => "Chungcajon",
            Traditional::Foji => "Foji",
            Traditional::Fondji => "Fondji",
            Traditional::Jodu => "J'odu",
            Traditional::Kpo => "Kpo",
            Traditional::Ntyenge => "Ntyenge",
            Traditional::Shono => "Shono",
            Traditional::UnneeTugalluulax => "Unnee Tugalluulax",
            Traditional::Woli => "Woli",
            Traditional::Wore => "Wore",
            Traditional::FairKalah => "FairKalah",
            Traditional::Yovodi => "Yovodi",
            Traditional::Uril => "Uril",
            Traditional::Waurie => "Waurie",
            Traditional::Altiev => "Altiev",
            Traditional::Kara => "Kara",
            Traditional::Halusa => "Halusa",
            Traditional::LabAkila => "La'b Akila",
            Traditional::KapanaBona => "Kapana Bona",
            Traditional::OureNgat => "Oure Ngat",
            Traditional::Wouri => "Wouri",
            Traditional::Hoyito => "Hoyito",
            Traditional::AwLiOnNamOtTjin => "Aw-li On-nam Ot-tjin",
            Traditional::TapUrdy => "Tap Urdy",
            Traditional::Yovodji => "Yovodji",
            Traditional::Dabuda => "Dabuda",
            Traditional::UmElBil => "Um el-Bil",
            Traditional::ToguzKumalak => "Toguz Kumalak",
        }
    }

    /// The rules in a few sentences, for a player (as an interface would
    /// show them before a game).
    pub const fn summary(self) -> &'static str {
        match self {
            Traditional::Bohnenspiel => summaries::BOHNENSPIEL,
            Traditional::Mankala => summaries::MANKALA,
            Traditional::Mangala => summaries::MANGALA,
            Traditional::VaiLungThlan => summaries::VAI_LUNG_THLAN,
            Traditional::Awari => summaries::AWARI,
            Traditional::Wari => summaries::WARI,
            Traditional::Enindji => summaries::ENINDJI,
            Traditional::FrenchWari => summaries::FRENCH_WARI,
            Traditional::EnGehe => summaries::EN_GEHE,
            Traditional::I => summaries::I,
            Traditional::Kay => summaries::KAY,
            Traditional::Adidada => summaries::ADIDADA,
            Traditional::Chongka => summaries::CHONGKA,
            Traditional::Chungcajon => summaries::CHUNGCAJON,
            Traditional::Foji => summaries::FOJI,
            Traditional::Fondji => summaries::FONDJI,
            Traditional::Jodu => summaries::JODU,
            Traditional::Kpo => summaries::KPO,
            Traditional::Ntyenge => summaries::NTYENGE,
            Traditional::Shono => summaries::SHONO,
            Traditional::UnneeTugalluulax => summaries::UNNEE_TUGALLUULAX,
            Traditional::Woli => summaries::WOLI,
            Traditional::Wore => summaries::WORE,
            Traditional::FairKalah => summaries::FAIRKALAH,
            Traditional::Yovodi => summaries::YOVODI,
            Traditional::Uril => summaries::URIL,
            Traditional::Waurie => summaries::WAURIE,
            Traditional::Altiev => summaries::ALTIEV,
            Traditional::Kara => summaries::KARA,
            Traditional::Halusa => summaries::HALUSA,
            Traditional::LabAkila => summaries::LAB_AKILA,
            Traditional::KapanaBona => summaries::KAPANA_BONA,
            Traditional::OureNgat => summaries::OURE_NGAT,
            Traditional::Wouri => summaries::WOURI,
            Traditional::Hoyito => summaries::HOYITO,
            Traditional::AwLiOnNamOtTjin => summaries::AW_LI_ON_NAM_OT_TJIN,
            Traditional::TapUrdy => summaries::TAP_URDY,
            Traditional::Yovodji => summaries::YOVODJI,
            Traditional::Dabuda => summaries::DABUDA,
            Traditional::UmElBil => summaries::UM_EL_BIL,
            Traditional::ToguzKumalak => summaries::TOGUZ_KUMALAK,
        }
    }

    /// Whether the game has state that [`Rules`] cannot hold, and so is
    /// played by a type of its own rather than by
    /// [`Mancala`](crate::Mancala) of its [`rules`](Traditional::rules):
    /// `true` only for Toguz Kumalak
    /// ([`ToguzKumalak`](crate::toguz::ToguzKumalak), for the tuzdik).
    pub const fn has_own_type(self) -> bool {
        matches!(self, Traditional::ToguzKumalak)
    }

    /// The catalogue game whose preset `rules` are, if any.
    pub fn of_rules(rules: &Rules) -> Option<Traditional> {
        Traditional::ALL.into_iter().find(|g| g.rules() == *rules)
    }

    /// The game by its [`name`](Traditional::name).
    pub fn from_name(name: &str) -> Option<Traditional> {
        Traditional::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The game's rules: for Toguz Kumalak the base rules, without the
    /// tuzdik (see [`has_own_type`](Traditional::has_own_type)).
    pub const fn rules(self) -> Rules {
        match self {
            Traditional::Bohnenspiel => Rules::bohnenspiel(),
            Traditional::Mankala => Rules::mankala(),
            Traditional::Mangala => Rules::mangala(),
            Traditional::VaiLungThlan => Rules::vai_lung_thlan(),
            Traditional::Awari => Rules::awari(),
            Traditional::Wari => Rules::wari(),
            Traditional::Enindji => Rules::enindji(),
            Traditional::FrenchWari => Rules::french_wari(),
            Traditional::EnGehe => Rules::en_gehe(),
            Traditional::I => Rules::i(),
            Traditional::Kay => Rules::kay(),
            Traditional::Adidada => Rules::adidada(),
            Traditional::Chongka => Rules::chongka(),
            Traditional::Chungcajon => Rules::chungcajon(),
            Traditional::Foji => Rules::foji(),
            Traditional::Fondji => Rules::fondji(),
            Traditional::Jodu => Rules::jodu(),
            Traditional::Kpo => Rules::kpo(),
            Traditional::Ntyenge => Rules::ntyenge(),
            Traditional::Shono => Rules::shono(),
            Traditional::UnneeTugalluulax => Rules::unnee_tugalluulax(),
            Traditional::Woli => Rules::woli(),
            Traditional::Wore => Rules::wore(),
            Traditional::FairKalah => Rules::fairkalah(),
            Traditional::Yovodi => Rules::yovodi(),
            Traditional::Uril => Rules::uril(),
            Traditional::Waurie => Rules::waurie(),
            Traditional::Altiev => Rules::altiev(),
            Traditional::Kara => Rules::kara(),
            Traditional::Halusa => Rules::halusa(),
            Traditional::LabAkila => Rules::lab_akila(),
            Traditional::KapanaBona => Rules::kapana_bona(),
            Traditional::OureNgat => Rules::oure_ngat(),
            Traditional::Wouri => Rules::wouri(),
            Traditional::Hoyito => Rules::hoyito(),
            Traditional::AwLiOnNamOtTjin => Rules::aw_li_on_nam_ot_tjin(),
            Traditional::TapUrdy => Rules::tap_urdy(),
            Traditional::Yovodji => Rules::yovodji(),
            Traditional::Dabuda => Rules::dabuda(),
            Traditional::UmElBil => Rules::um_el_bil(),
            Traditional::ToguzKumalak => Rules::toguz_kumalak(),
        }
    }
}

impl fmt::Display for Traditional {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a catalogue game's.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("no catalogue game is named `{0}`")]
pub struct UnknownGame(pub alloc::string::String);

impl core::str::FromStr for Traditional {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Traditional, UnknownGame> {
        Traditional::from_name(s).ok_or_else(|| UnknownGame(s.into()))
    }
}

/// A chain of holes of `counts`: the landing hole, in `zone`, then the
/// holes behind it as far as `limit` ([`Capture::Chain`] without
/// `same_count`).
pub(super) const fn chain(zone: Zone, counts: CountSet, limit: ChainLimit) -> Capture {
    Capture::Chain {
        zone,
        counts,
        same_count: false,
        limit,
        opposites: false,
    }
}

/// A chain of holes of `counts` in any row, from the landing hole back to
/// the move's origin.
pub(super) const fn chain_to_origin(counts: CountSet) -> Capture {
    chain(Zone::Any, counts, ChainLimit::ToOrigin)
}

/// Oware's capture: a landing hole of the opponent's row holding 2 or 3,
/// then the holes behind it in his row while each holds 2 or 3.
pub(super) const OWARE_CHAIN: Capture =
    chain(Zone::Opponents, CountSet::TWO_OR_THREE, ChainLimit::Row);

/// The landing hole alone, in `zone`, when it holds a count of `counts`.
pub(super) const fn landing(zone: Zone, counts: CountSet) -> Capture {
    chain(zone, counts, ChainLimit::Landing)
}

/// A lap ending in an empty hole of `zone` (it now holds 1) takes the
/// opposite hole's seeds, if any, and the lone seed with them when
/// `take_lone` ([`Capture::Opposite`] with `require_opposite`).
pub(super) const fn across(zone: Zone, take_lone: bool) -> Capture {
    Capture::Opposite {
        require_opposite: true,
        zone,
        take_lone,
    }
}
