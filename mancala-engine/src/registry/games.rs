//! The list of games ([`GAMES`]): each one's name, title, summary, the
//! type that plays it and its option keys.

use mancala_core::notation::RuleOptions;
use mancala_core::{Rules, Traditional};

#[cfg(doc)]
use mancala_core::{Mancala, toguz::ToguzKumalak};
#[cfg(doc)]
use mankka::Mankka;
#[cfg(doc)]
use numa::Numa;
#[cfg(doc)]
use numercy::Numercy;
#[cfg(doc)]
use robertson::Robertson;

#[cfg(doc)]
use super::AnyGame;

/// Which type plays a game of the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Family {
    /// A sowing game of [`Rules`], played by [`Mancala`]: oware, Kalah
    /// and the catalogue's games but Toguz Kumalak.
    Sowing,
    /// Toguz Kumalak, played by [`ToguzKumalak`] (no options).
    Toguz,
    /// Numercy, played by [`Numercy`].
    Numercy,
    /// Robertson's game, played by [`Robertson`].
    Robertson,
    /// Mankka, played by [`Mankka`].
    Mankka,
    /// Numa, played by [`Numa`] (simultaneous turns).
    Numa,
}

/// One game of the registry: its name and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The name [`AnyGame::new`] takes (lower case, words joined by `-`).
    pub name: &'static str,
    /// The game's usual name.
    pub title: &'static str,
    /// The rules in a sentence or a few.
    pub summary: &'static str,
    /// Which type plays it.
    pub family: Family,
    /// The option keys its options text may set.
    pub keys: &'static [&'static str],
    /// The catalogue game it is, if any.
    pub(super) traditional: Option<Traditional>,
}

/// The keys of the sowing games' options text: [`Rules`]' keys (of which
/// the preset `rules` is refused: the name sets the preset).
const SOWING_KEYS: &[&str] = <Rules as RuleOptions>::KEYS;

const fn sowing(
    name: &'static str,
    title: &'static str,
    summary: &'static str,
    traditional: Option<Traditional>,
) -> GameInfo {
    GameInfo {
        name,
        title,
        summary,
        family: Family::Sowing,
        keys: SOWING_KEYS,
        traditional,
    }
}

const fn catalogue(game: Traditional) -> GameInfo {
    sowing(game.name(), game.title(), game.summary(), Some(game))
}

/// Every game, in the order `mancala games` lists them: the four games of
/// the mission, oware and Kalah (as OpenSpiel plays them), then the
/// catalogue's twelve.
pub const GAMES: [GameInfo; 18] = [
    GameInfo {
        name: "numercy",
        title: "Numercy",
        summary: "A Dakon-like relay-sowing game whose captures score the arithmetic \
                  (+, -, x, :, ...) between the two holes of a file.",
        family: Family::Numercy,
        keys: <numercy::Options as RuleOptions>::KEYS,
        traditional: None,
    },
    GameInfo {
        name: "robertson",
        title: "Robertson's game",
        summary: "An oware variant on two-row, triangular and six-sided boards: chain \
                  captures of equal counts and honours bonuses.",
        family: Family::Robertson,
        keys: <robertson::Options as RuleOptions>::KEYS,
        traditional: None,
    },
    GameInfo {
        name: "mankka",
        title: "Mankka",
        summary: "A multi-lap oware variant with an opening placement phase and captures \
                  on both sides (Mankka Two; `variant=one` for Mankka One).",
        family: Family::Mankka,
        keys: <mankka::Options as RuleOptions>::KEYS,
        traditional: None,
    },
    GameInfo {
        name: "numa",
        title: "Numa",
        summary: "Numbered pieces on a 5x5 torus; both players choose their moves at once \
                  and score the sums and products their pieces show.",
        family: Family::Numa,
        keys: <numa::Options as RuleOptions>::KEYS,
        traditional: None,
    },
    sowing(
        "oware",
        "Oware",
        "Oware abapa as OpenSpiel plays it: 2x6 holes of 4 seeds, captures of 2 or 3 \
         backwards from the last seed, feeding, a grand slam captures nothing.",
        None,
    ),
    sowing(
        "kalah",
        "Kalah",
        "Kalah(6,4) as OpenSpiel plays it: stores in the ring, a last seed in your store \
         moves again, a last seed in an empty hole of yours captures the opposite hole.",
        None,
    ),
    catalogue(Traditional::Bohnenspiel),
    catalogue(Traditional::Mankala),
    catalogue(Traditional::Mangala),
    catalogue(Traditional::VaiLungThlan),
    catalogue(Traditional::Awari),
    catalogue(Traditional::Wari),
    catalogue(Traditional::Enindji),
    catalogue(Traditional::FrenchWari),
    catalogue(Traditional::EnGehe),
    catalogue(Traditional::I),
    catalogue(Traditional::Kay),
    GameInfo {
        name: "toguz-kumalak",
        title: Traditional::ToguzKumalak.title(),
        summary: Traditional::ToguzKumalak.summary(),
        family: Family::Toguz,
        keys: &[],
        traditional: Some(Traditional::ToguzKumalak),
    },
];

/// The game of the registry named `name`, if any.
///
/// # Examples
///
/// ```
/// let info = mancala_engine::find_game("french-wari").unwrap();
/// assert_eq!(info.title, "French Wari");
/// assert!(mancala_engine::find_game("chess").is_none());
/// ```
pub fn find_game(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.name == name)
}

/// Every game's name, comma-separated (for messages).
pub(super) fn names() -> String {
    GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}
