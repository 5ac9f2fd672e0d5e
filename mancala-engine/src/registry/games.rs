//! The list of games ([`GAMES`]): each one's name, title, summary, option
//! keys, and the type that plays it. The catalogue's games come from
//! [`Traditional::ALL`]: a game added to core's catalogue is a game of the
//! registry, and so of every face, with no edit here.

use mancala_core::four_rows::FourRowRules;
use mancala_core::notation::RuleOptions;
use mancala_core::rounds::RoundRules;
use mancala_core::{Rules, Traditional};

#[cfg(doc)]
use super::AnyGame;

/// Which type plays a game of the registry, with the preset it starts
/// from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// A sowing game of these [`Rules`], played by
    /// [`Mancala`](mancala_core::Mancala).
    Sowing(Rules),
    /// Toguz Kumalak, played by
    /// [`ToguzKumalak`](mancala_core::toguz::ToguzKumalak) (no options).
    Toguz,
    /// Numercy, played by [`Numercy`](numercy::Numercy).
    Numercy,
    /// Robertson's game, played by [`Robertson`](robertson::Robertson).
    Robertson,
    /// Mankka, played by [`Mankka`](mankka::Mankka).
    Mankka,
    /// Numa, played by [`Numa`](numa::Numa) (simultaneous turns).
    Numa,
    /// A match of rounds with closed holes under these rules, played by
    /// [`RoundGame`](mancala_core::rounds::RoundGame) (no options).
    Rounds(RoundRules),
    /// A game on four rows under these rules, played by
    /// [`FourRowGame`](mancala_core::four_rows::FourRowGame) (no options).
    FourRows(FourRowRules),
}

/// One game of the registry: its name, what it is, and its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The name [`AnyGame::new`] takes (lower case, words joined by `-`).
    pub name: &'static str,
    /// The game's usual name.
    pub title: &'static str,
    /// The rules in a sentence or a few, for a player.
    pub summary: &'static str,
    /// The option keys its options text may set.
    pub keys: &'static [&'static str],
    /// Option words `mancala play` reads before the player's own, so that
    /// every game it plays ends (Numercy's repetition rule); empty for most
    /// games.
    pub play_options: &'static str,
    /// Which type plays it.
    pub(crate) family: Family,
}

impl GameInfo {
    /// Whether its players choose at once (Numa) rather than in turn.
    pub const fn simultaneous(&self) -> bool {
        matches!(self.family, Family::Numa)
    }

    /// Its options, in [`keys`](GameInfo::keys)' order: each key with its
    /// value in the game as its name plays it, and a line of help.
    ///
    /// # Examples
    ///
    /// ```
    /// let kalah = mancala_engine::find_game("kalah").unwrap();
    /// let seeds = kalah.options().into_iter().find(|o| o.key == "seeds").unwrap();
    /// assert_eq!(seeds.default.as_deref(), Some("4"));
    /// assert!(seeds.help.contains("seeds per hole"));
    /// ```
    pub fn options(&self) -> Vec<OptionInfo> {
        fn of<T: RuleOptions>(base: &T, keys: &'static [&'static str]) -> Vec<OptionInfo> {
            keys.iter()
                .map(|&key| OptionInfo {
                    key,
                    default: base.value(key),
                    help: T::help(key).unwrap_or(""),
                })
                .collect()
        }
        match self.family {
            Family::Sowing(rules) => of(&rules, self.keys),
            Family::Toguz | Family::Rounds(_) | Family::FourRows(_) => Vec::new(),
            Family::Numercy => of(&numercy::Options::default(), self.keys),
            Family::Robertson => of(&robertson::Options::default(), self.keys),
            Family::Mankka => of(&mankka::Options::default(), self.keys),
            Family::Numa => of(&numa::Options::default(), self.keys),
        }
    }
}

/// One option of a game ([`GameInfo::options`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// Its key in the options text.
    pub key: &'static str,
    /// Its value in the game as its name plays it, as the options text
    /// writes it (`None` where the key does not apply to that game, such
    /// as `houses` on a board that is not two rows).
    pub default: Option<String>,
    /// What it decides and the values it takes, in a line.
    pub help: &'static str,
}

/// The keys of the sowing games' options text: [`Rules`]' keys but the
/// first, the preset `rules` (the game's name sets the preset).
const SOWING_KEYS: &[&str] = match <Rules as RuleOptions>::KEYS.split_first() {
    Some((_preset, rest)) => rest,
    None => &[],
};

/// A game of its own type.
const fn own(
    name: &'static str,
    title: &'static str,
    summary: &'static str,
    keys: &'static [&'static str],
    family: Family,
) -> GameInfo {
    GameInfo {
        name,
        title,
        summary,
        keys,
        play_options: "",
        family,
    }
}

/// The games before the catalogue's: the four games of the mission, oware
/// and Kalah (as OpenSpiel plays them).
const FIRST: [GameInfo; 6] = [
    GameInfo {
        play_options: "repetition=true",
        ..own(
            "numercy",
            "Numercy",
            "A Dakon-like relay-sowing game whose captures score the arithmetic \
             (+, -, x, :, ...) between the two holes of a file.",
            <numercy::Options as RuleOptions>::KEYS,
            Family::Numercy,
        )
    },
    own(
        "robertson",
        "Robertson's game",
        "An oware variant on two-row, triangular and six-sided boards: chain \
         captures of equal counts and honours bonuses.",
        <robertson::Options as RuleOptions>::KEYS,
        Family::Robertson,
    ),
    own(
        "mankka",
        "Mankka",
        "A multi-lap oware variant with an opening placement phase and captures \
         on both sides (Mankka Two; `variant=one` for Mankka One).",
        <mankka::Options as RuleOptions>::KEYS,
        Family::Mankka,
    ),
    own(
        "numa",
        "Numa",
        "Numbered pieces on a 5x5 torus; both players choose their moves at once \
         and score the sums and products their pieces show.",
        <numa::Options as RuleOptions>::KEYS,
        Family::Numa,
    ),
    own(
        "oware",
        "Oware",
        "Oware abapa as OpenSpiel plays it: 2x6 holes of 4 seeds, captures of 2 or 3 \
         backwards from the last seed, feeding, a grand slam captures nothing.",
        SOWING_KEYS,
        Family::Sowing(Rules::oware()),
    ),
    own(
        "kalah",
        "Kalah",
        "Kalah(6,4) as OpenSpiel plays it: stores in the ring, a last seed in your store \
         moves again, a last seed in an empty hole of yours captures the opposite hole.",
        SOWING_KEYS,
        Family::Sowing(Rules::kalah()),
    ),
];

/// The entry of a catalogue game: [`Mancala`](mancala_core::Mancala) of
/// its preset, or its own type where it has one (Toguz Kumalak, no
/// options).
const fn catalogue(game: Traditional) -> GameInfo {
    let (keys, family) = if game.has_own_type() {
        (&[] as &[&str], Family::Toguz)
    } else {
        (SOWING_KEYS, Family::Sowing(game.rules()))
    };
    own(game.name(), game.title(), game.summary(), keys, family)
}

/// A match of rounds: the preset of [`RoundRules::PRESETS`] at `k`, no
/// options.
const fn rounds(k: usize, title: &'static str, summary: &'static str) -> GameInfo {
    let (name, rules) = RoundRules::PRESETS[k];
    own(name, title, summary, &[], Family::Rounds(rules))
}

/// The matches of rounds with closed holes (ROUNDS.md), in
/// [`RoundRules::PRESETS`]' order.
const ROUNDS: [GameInfo; RoundRules::PRESETS.len()] = [
    rounds(
        0,
        "Sungka",
        "A match of rounds on 2x7 holes of 7 seeds, sown clockwise through your own store, \
         with relays, another turn from the store and captures of the opposite hole. Between \
         rounds each player fills his empty holes with 7 seeds each from his store; a store \
         below 7 loses the match (as Ludii plays it, no hole is ever closed).",
    ),
    rounds(
        1,
        "Congkak",
        "A match of rounds on 2x6 holes of 6 seeds, sown clockwise through both stores, with \
         relays, another turn from your store and captures of the opposite hole. Between \
         rounds each player fills his holes from the right, 6 seeds a hole; the holes he \
         cannot fill are closed for the next round, and a store below 6 loses the match.",
    ),
    rounds(
        2,
        "Galatjang",
        "A match of rounds on 2x6 holes of 7 seeds, sown counter-clockwise through your own \
         store, with relays, another turn from the store and captures of the opposite hole. \
         Holes not refilled with 7 between rounds are closed but still sown into; you win as \
         soon as fewer than 7 seeds lie outside your store.",
    ),
    rounds(
        3,
        "Ovalhu",
        "A match of rounds on 2x8 holes of 8 seeds, sown counter-clockwise through your own \
         store, with relays, another turn from the store and a lone last seed taking the \
         opposite hole. Holes not refilled with 8 between rounds are closed and skipped; a \
         store below 8 loses the match.",
    ),
    rounds(
        4,
        "Erherhe",
        "A match of rounds on 2x6 holes of 4 seeds, sown counter-clockwise: a last seed \
         making 2 or 4 in the other's row takes them, with its neighbours holding 2 or 4. \
         Between rounds each player fills his holes from the left, 4 seeds a hole; the \
         holes he cannot fill are closed, and a player with no seeds loses the match.",
    ),
    rounds(
        5,
        "Khrour",
        "A match of rounds on 2x2 holes of 4 seeds, sown counter-clockwise: a last seed \
         making 2, 4, 6 or 8 in an open hole takes them. Holes not refilled with 4 between \
         rounds are closed, sown into, and open again once they hold 4; a player with no \
         seeds loses the match.",
    ),
    rounds(
        6,
        "Dakon",
        "A match of rounds on 2x7 holes of 7 seeds, sown clockwise through your own store: \
         a last seed in an occupied hole of the other's row relays; in your own row you choose to \
         relay or to capture the opposite hole. Holes not refilled with 7 from the right \
         between rounds are closed; a store below 7 loses the match.",
    ),
    rounds(
        7,
        "Pallanguzhi",
        "A match of rounds on 2x7 holes of 6 seeds, sown counter-clockwise: every hole a lap \
         leaves holding 4 goes to its row's owner, a last seed in an empty hole takes the \
         next hole, and one in an occupied hole relays. Holes not refilled with 6 from the left between \
         rounds are closed; fewer than 6 seeds in hand loses the match.",
    ),
];

/// The games on four rows (FOUR-ROWS.md): the title and summary of each
/// preset of [`FourRowRules::PRESETS`], in its order (no options).
const FOUR_ROWS: [(&str, &str); FourRowRules::PRESETS.len()] = [
    (
        "Hus (Nama)",
        "Four rows of 16 holes, each player sowing round his own two rows: 2 seeds in every \
         outer hole and the 8 rightmost inner holes, a fixed opening first. A landing hole \
         now holding 2 or more relays unless the opponent's facing inner hole is occupied: \
         then it and the hole behind it are emptied into yours and sown on. A player who \
         cannot move passes and loses after his opponent's next lap.",
    ),
    (
        "Tsoro",
        "Four rows of 8 holes, each player sowing round his own two rows: 2 seeds in every \
         outer hole; a hole of 2 or more is sown (with none, a single seed into an empty \
         hole). A landing hole now holding 2 or more relays; a lone last seed in your inner \
         row takes the facing inner and outer holes. A player whose ring is empty loses.",
    ),
    (
        "Moruba",
        "Four rows of 12 holes of 4 seeds, each player sowing round his own two rows: any \
         hole is sown, one lap. A last seed in your inner row takes the facing inner and \
         outer holes when the inner one is occupied. When the player to move has no seed, \
         the larger store wins.",
    ),
    (
        "Hawalis",
        "Four rows of 7 holes of 2 seeds, each player sowing round his own two rows: a hole \
         of 2 or more is sown (with none, a single seed), one lap. A last seed into an empty \
         inner hole takes the facing inner hole's seeds. When the player to move has no \
         seed, store plus seeds on your side score.",
    ),
    (
        "Hus (Damara)",
        "Four rows of 12 holes, each player sowing round his own two rows: 2 seeds in every \
         outer hole and the 4 rightmost inner holes; any hole is sown. A landing hole now \
         holding 2 or more relays, unless it is an inner hole facing two occupied holes: \
         then you take all three. When the player to move has no seed, store plus seeds on \
         your side score.",
    ),
    (
        "Omweso",
        "Four rows of 8 holes, an empty board and 32 seeds in each hand, placed one a turn \
         (`place N`). Then a hole of 2 or more is sown counter-clockwise, or one of your \
         four left-hand holes clockwise (`N cw`) when its lap would end facing two occupied \
         holes; relays, and a landing inner hole facing two occupied holes takes them and \
         sows them again. A player who cannot move loses.",
    ),
];

/// How many games there are.
const COUNT: usize = FIRST.len() + Traditional::ALL.len() + ROUNDS.len() + FOUR_ROWS.len();

/// Every game, in the order `mancala games` lists them: the four games of
/// the mission, oware and Kalah (as OpenSpiel plays them), the
/// catalogue's in [`Traditional::ALL`]'s order, the matches of rounds in
/// [`RoundRules::PRESETS`]' order, then the games on four rows in
/// [`FourRowRules::PRESETS`]' order.
pub const GAMES: [GameInfo; COUNT] = {
    let mut all = [FIRST[0]; COUNT];
    let catalogued = FIRST.len() + Traditional::ALL.len();
    let four = catalogued + ROUNDS.len();
    let mut i = 0;
    while i < COUNT {
        all[i] = if i < FIRST.len() {
            FIRST[i]
        } else if i < catalogued {
            catalogue(Traditional::ALL[i - FIRST.len()])
        } else if i < four {
            ROUNDS[i - catalogued]
        } else {
            let (name, rules) = FourRowRules::PRESETS[i - four];
            let (title, summary) = FOUR_ROWS[i - four];
            own(name, title, summary, &[], Family::FourRows(rules))
        };
        i += 1;
    }
    all
};

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
