//! Robertson's game options: board, owners, stones, grand slams, leftovers
//! and the honours table, as data, and their `key=value` text.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::hash::{Hash, Hasher};

use mancala_core::notation::{
    self, OptionError, OptionWords, bool_value, option_bool, option_choice, option_number,
};
use mancala_core::{
    Layout, Player, Rules, RulesError,
    notation::RuleOptions,
    rules::{
        ChainLimit, CountSet, EndRules, Endless, Feeding, GrandSlam, Leftover, MAX_ROWS, Relay,
        SowSpec, Zone,
    },
};

/// The board shapes of Robertson's patents.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Shape {
    /// Two rows of six (oware's board).
    #[default]
    TwoRow,
    /// Three rows of six forming a triangle.
    Triangle,
    /// Six rows of six forming a hexagon.
    Hexagon,
}

impl Shape {
    /// Rows of six on this board.
    pub const fn rows(self) -> usize {
        match self {
            Shape::TwoRow => 2,
            Shape::Triangle => 3,
            Shape::Hexagon => 6,
        }
    }

    /// The default owners: one row each on two-row and triangle boards; on
    /// the hexagon, two players with three consecutive rows each (see
    /// [Boards and players](crate#boards-and-players)).
    pub const fn default_owners(self) -> [Player; MAX_ROWS] {
        const fn p(i: usize) -> Player {
            match Player::new(i) {
                Some(p) => p,
                None => Player::P0,
            }
        }
        match self {
            Shape::TwoRow => [p(0), p(1), p(0), p(0), p(0), p(0)],
            Shape::Triangle => [p(0), p(1), p(2), p(0), p(0), p(0)],
            Shape::Hexagon => [p(0), p(0), p(0), p(1), p(1), p(1)],
        }
    }
}

/// The most honours one capture may win in an honours table: one million.
///
/// Robertson's table gives 2 to 10; the bound leaves any table a player could
/// want while keeping every sum of honours exact. A game holds at most 65,535
/// stones ([`mancala_core::rules::MAX_SEEDS`]) and each capture that wins honours
/// takes at least 6 (three holes of 2), so one game wins at most 10,922 such
/// captures: at most 10,922 x 1,000,000 (about 1.1 x 10^10) honours, far
/// below [`MAX_HONOURS`](crate::MAX_HONOURS).
pub const MAX_CAPTURE_HONOURS: u64 = 1_000_000;

/// The honours for one capture, by the number of holes it takes (landing
/// hole included) and the count they held (see [Honours](crate#honours)).
/// Data, not code: set your own table; each entry is at most
/// [`MAX_CAPTURE_HONOURS`] ([`Options::check`] refuses more with
/// [`OptionsError::Honours`]).
///
/// # Examples
///
/// ```
/// use robertson::Honours;
///
/// let h = Honours::ROBERTSON;
/// assert_eq!(h.for_capture(2, 2), 0);
/// assert_eq!(h.for_capture(3, 2), 2);
/// assert_eq!(h.for_capture(5, 2), 6); // four or more 2s
/// assert_eq!(h.for_capture(3, 3), 4);
/// assert_eq!(h.for_capture(4, 3), 10);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Honours {
    /// Three holes of 2.
    pub three_twos: u64,
    /// Four or more holes of 2.
    pub four_twos: u64,
    /// Three holes of 3.
    pub three_threes: u64,
    /// Four or more holes of 3.
    pub four_threes: u64,
}

impl Honours {
    /// Robertson's table: 2, 6, 4 and 10.
    pub const ROBERTSON: Honours = Honours {
        three_twos: 2,
        four_twos: 6,
        three_threes: 4,
        four_threes: 10,
    };

    /// No honours at all.
    pub const NONE: Honours = Honours {
        three_twos: 0,
        four_twos: 0,
        three_threes: 0,
        four_threes: 0,
    };

    /// The largest entry of the table: the most one capture can win.
    pub const fn largest(&self) -> u64 {
        let a = if self.three_twos > self.four_twos {
            self.three_twos
        } else {
            self.four_twos
        };
        let b = if self.three_threes > self.four_threes {
            self.three_threes
        } else {
            self.four_threes
        };
        if a > b { a } else { b }
    }

    /// The honours for one capture of `holes` holes that held `count` each.
    pub const fn for_capture(&self, holes: usize, count: u16) -> u64 {
        match (holes, count) {
            (3, 2) => self.three_twos,
            (4.., 2) => self.four_twos,
            (3, 3) => self.three_threes,
            (4.., 3) => self.four_threes,
            _ => 0,
        }
    }
}

impl Default for Honours {
    fn default() -> Honours {
        Honours::ROBERTSON
    }
}

/// The rules of a game of Robertson's: every option of the crate's
/// [Rules](crate#rules), with its default.
///
/// Two options are equal when they play the same game: the owners beyond
/// the shape's rows, which are ignored, do not count.
///
/// They read and write as `key=value` words ([`RuleOptions`]; `Display` and
/// `FromStr`), over the two-row game; see the crate docs for the keys.
///
/// # Examples
///
/// ```
/// use mancala_core::Player;
/// use robertson::{Options, Shape};
///
/// let triangle = Options::triangle();
/// assert_eq!(triangle.players(), 3);
/// let hex = Options::hexagon(3)?;
/// assert_eq!(hex.row_owners().iter().map(|p| p.index()).collect::<Vec<_>>(), [0, 0, 1, 1, 2, 2]);
/// assert!(Options::hexagon(4).is_err());
///
/// assert_eq!(hex.to_string(), "layout=hexagon owners=0,0,1,1,2,2");
/// assert_eq!("layout=hexagon owners=0,0,1,1,2,2".parse::<Options>(), Ok(hex));
/// assert_eq!(Options::two_row().to_string(), "");
/// # Ok::<(), robertson::OptionsError>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Options {
    /// The board.
    pub shape: Shape,
    /// The owner of each row, in ring order; entries beyond the shape's rows
    /// are ignored. Players `0..k` must each own a row; turn order is
    /// `0, 1, ..., k-1`.
    pub owners: [Player; MAX_ROWS],
    /// Stones in each hole at the start (the source: 4).
    pub seeds: u16,
    /// Every move skips the hole it was lifted from (oware's rule; not
    /// Robertson's).
    pub skip_origin: bool,
    /// What happens to a capture that would leave a player it takes from
    /// with no stones.
    pub grand_slam: GrandSlam,
    /// Stones left on the board at the end: `Void` (not counted, the
    /// default) or `ToOwner` (each owner adds his own to his captures).
    pub leftover: Leftover,
    /// The honours table (each entry at most [`MAX_CAPTURE_HONOURS`]).
    pub honours: Honours,
}

impl Default for Options {
    /// The two-row game ([`Options::two_row`]).
    fn default() -> Options {
        Options::two_row()
    }
}

impl PartialEq for Options {
    fn eq(&self, other: &Options) -> bool {
        self.shape == other.shape
            && self.row_owners() == other.row_owners()
            && self.seeds == other.seeds
            && self.skip_origin == other.skip_origin
            && self.grand_slam == other.grand_slam
            && self.leftover == other.leftover
            && self.honours == other.honours
    }
}

impl Eq for Options {}

/// Hashes what [`PartialEq`] compares (the owners of the shape's rows only).
impl Hash for Options {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.row_owners().hash(state);
        self.seeds.hash(state);
        self.skip_origin.hash(state);
        self.grand_slam.hash(state);
        self.leftover.hash(state);
        self.honours.hash(state);
    }
}

impl Options {
    const fn on(shape: Shape) -> Options {
        Options {
            shape,
            owners: shape.default_owners(),
            seeds: 4,
            skip_origin: false,
            grand_slam: GrandSlam::Allow,
            leftover: Leftover::Void,
            honours: Honours::ROBERTSON,
        }
    }

    /// Two rows, two players (the default).
    pub const fn two_row() -> Options {
        Options::on(Shape::TwoRow)
    }

    /// The triangle: three rows, three players.
    pub const fn triangle() -> Options {
        Options::on(Shape::Triangle)
    }

    /// The hexagon for 2 (three consecutive rows each), 3 (two each) or 6
    /// players (one each).
    ///
    /// # Errors
    ///
    /// [`OptionsError::HexagonPlayers`] for another number of players.
    pub fn hexagon(players: usize) -> Result<Options, OptionsError> {
        let per = match players {
            2 => 3,
            3 => 2,
            6 => 1,
            _ => return Err(OptionsError::HexagonPlayers(players)),
        };
        let mut options = Options::on(Shape::Hexagon);
        for (row, slot) in options.owners.iter_mut().enumerate() {
            *slot = Player::new(row / per).unwrap_or_default();
        }
        Ok(options)
    }

    /// These options with rows owned by `owners` (one a row of the shape).
    ///
    /// # Errors
    ///
    /// [`OptionsError::Owners`] unless there is one owner for each row.
    pub fn with_owners(mut self, owners: &[Player]) -> Result<Options, OptionsError> {
        if owners.len() != self.shape.rows() {
            return Err(OptionsError::Owners {
                rows: self.shape.rows(),
                owners: owners.len(),
            });
        }
        self.owners[..owners.len()].copy_from_slice(owners);
        Ok(self)
    }

    /// The owners of the board's rows.
    pub fn row_owners(&self) -> &[Player] {
        &self.owners[..self.shape.rows()]
    }

    /// Number of players (the highest owner plus one).
    pub fn players(&self) -> usize {
        self.row_owners()
            .iter()
            .map(|p| p.index() + 1)
            .max()
            .unwrap_or(0)
    }

    /// The rules of the shared sower these options amount to.
    pub fn rules(&self) -> Rules {
        Rules {
            layout: Layout::new(6, self.row_owners()),
            seeds: self.seeds,
            start: mancala_core::rules::Start::UNIFORM,
            first_moves: mancala_core::rules::FirstMoves::NONE,
            sowing: SowSpec {
                skip_origin: self.skip_origin,
                ..SowSpec::default()
            },
            sowable: mancala_core::rules::Sowable::ANY,
            relay_if: mancala_core::rules::RelayConditions::NONE,
            relay: Relay::Never,
            endless: Endless::Forbid,
            // Without relays no move needs the budget.
            capture: mancala_core::rules::Capture::Chain {
                zone: Zone::Opponents,
                counts: CountSet::TWO_OR_THREE,
                same_count: true,
                limit: ChainLimit::NotMover,
                opposites: false,
            },
            fallback_capture: mancala_core::rules::Capture::None,
            sweep: mancala_core::rules::Sweep::NONE,
            credit: mancala_core::rules::Credit::Mover,
            grand_slam: self.grand_slam,
            feeding: Feeding::IfPossible,
            extra_turn: false,
            end: EndRules {
                repetition: true,
                ..EndRules::default()
            },
            leftover: self.leftover,
            verdict: mancala_core::rules::Verdict::Score,
        }
    }

    /// Checks the options.
    ///
    /// # Errors
    ///
    /// An [`OptionsError`] for invalid owners, no stones, too many stones,
    /// a `Stay` leftover (Robertson's game has only `Void` and `ToOwner`) or
    /// an honours entry above [`MAX_CAPTURE_HONOURS`].
    pub fn check(&self) -> Result<(), OptionsError> {
        if self.leftover == Leftover::Stay {
            return Err(OptionsError::Leftover);
        }
        let largest = self.honours.largest();
        if largest > MAX_CAPTURE_HONOURS {
            return Err(OptionsError::Honours(largest));
        }
        self.rules().check()?;
        Ok(())
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Options {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let shape: Shape = u.arbitrary()?;
        let mut options = match shape {
            Shape::TwoRow => Options::two_row(),
            Shape::Triangle => Options::triangle(),
            Shape::Hexagon => {
                Options::hexagon(*u.choose(&[2, 3, 6])?).unwrap_or_else(|_| Options::two_row())
            }
        };
        if u.ratio(1, 4)? {
            for slot in options.owners.iter_mut() {
                *slot = u.arbitrary()?;
            }
        }
        options.seeds = u.int_in_range(0..=6)?;
        options.skip_origin = u.arbitrary()?;
        options.grand_slam = u.arbitrary()?;
        options.leftover = if u.arbitrary()? {
            Leftover::Void
        } else {
            Leftover::ToOwner
        };
        if u.ratio(1, 8)? {
            // Any valid table (entries up to MAX_CAPTURE_HONOURS).
            let mut entry = || u.int_in_range(0..=MAX_CAPTURE_HONOURS);
            options.honours = Honours {
                three_twos: entry()?,
                four_twos: entry()?,
                three_threes: entry()?,
                four_threes: entry()?,
            };
        }
        Ok(options)
    }
}

/// Why [`Options`] are refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// The rules are invalid (owners, stones).
    #[error("{0}")]
    Rules(#[from] RulesError),
    /// The hexagon is for 2, 3 or 6 players.
    #[error("the hexagon is for 2, 3 or 6 players, not {0}")]
    HexagonPlayers(usize),
    /// One owner is needed for each row.
    #[error("{owners} owners given for {rows} rows")]
    Owners {
        /// Rows of the shape.
        rows: usize,
        /// Owners given.
        owners: usize,
    },
    /// Robertson's game leaves stones void or to their owners.
    #[error("leftover stones are either void or their owner's")]
    Leftover,
    /// An entry of the honours table is above [`MAX_CAPTURE_HONOURS`].
    #[error("honours of {0} for one capture: at most {max} are supported", max = MAX_CAPTURE_HONOURS)]
    Honours(u64),
}

/// The names of the shapes in the `layout` option.
const LAYOUTS: [&str; 3] = ["two-row", "triangle", "hexagon"];

impl Shape {
    /// The shape's name in the `layout` option: `two-row`, `triangle` or
    /// `hexagon`.
    pub const fn name(self) -> &'static str {
        match self {
            Shape::TwoRow => LAYOUTS[0],
            Shape::Triangle => LAYOUTS[1],
            Shape::Hexagon => LAYOUTS[2],
        }
    }
}

/// Reads the `owners` option: one player a row of `shape`.
fn parse_owners(shape: Shape, key: &str, value: &str) -> Result<[Player; MAX_ROWS], OptionError> {
    const EXPECTED: &str = "one player (0 to 5) for each row of the layout, comma-separated";
    let bad = || OptionError::bad_value(key, value, EXPECTED);
    let mut owners = shape.default_owners();
    let mut rows = 0;
    for word in value.split(',') {
        let p = notation::parse_player("owner", word).map_err(|_| bad())?;
        *owners.get_mut(rows).ok_or_else(bad)? = p;
        rows += 1;
    }
    if rows != shape.rows() {
        return Err(bad());
    }
    Ok(owners)
}

/// Reads the `honours` option: four numbers.
fn parse_honours(key: &str, value: &str) -> Result<Honours, OptionError> {
    const EXPECTED: &str = "four numbers THREE_TWOS,FOUR_TWOS,THREE_THREES,FOUR_THREES";
    let bad = || OptionError::bad_value(key, value, EXPECTED);
    let mut numbers = [0u64; 4];
    let mut words = value.split(',');
    for slot in &mut numbers {
        *slot = option_number(key, words.next().ok_or_else(bad)?).map_err(|_| bad())?;
    }
    if words.next().is_some() {
        return Err(bad());
    }
    let [three_twos, four_twos, three_threes, four_threes] = numbers;
    Ok(Honours {
        three_twos,
        four_twos,
        three_threes,
        four_threes,
    })
}

/// Robertson's option keys, the same in the text notation and in
/// conformance traces.
///
/// | key | values (default first) | meaning |
/// | --- | --- | --- |
/// | `layout` | `two-row`, `triangle`, `hexagon` | the board; setting it also sets the shape's default owners (so it comes before `owners`) |
/// | `owners` | one player a row, comma-separated (`0,0,1,1,2,2`) | the owner of each row, in ring order |
/// | `seeds` | `4`, a number | stones in each hole at the start |
/// | `skip_origin` | `false`, `true` | every move skips the hole it was lifted from |
/// | `grand_slam` | `allow`, `no-capture`, `forbid` | a capture that would leave a player without stones |
/// | `leftover` | `void`, `owner` | stones left on the board at the end |
/// | `honours` | `2,6,4,10`, four numbers | the honours for three 2s, four or more 2s, three 3s, four or more 3s |
///
/// `set` checks each value alone (an `owners` list must have one owner for
/// each row of the layout set so far); [`Options::check`] checks the whole.
/// Options whose leftover is [`Leftover::Stay`] (never valid in Robertson's
/// game) write `leftover=stay`, which `set` refuses.
///
/// # Examples
///
/// ```
/// use mancala_core::{rules::GrandSlam, notation::RuleOptions};
/// use robertson::Options;
///
/// let mut options = Options::default();
/// options.set("layout", "triangle")?;
/// options.set("grand_slam", "forbid")?;
/// assert_eq!(options.players(), 3);
/// assert_eq!(options.grand_slam, GrandSlam::Forbid);
/// assert_eq!(options.value("owners").as_deref(), Some("0,1,2"));
/// assert!(options.set("owners", "0,1").is_err()); // the triangle has 3 rows
/// assert!(options.set("colour", "red").is_err());
/// # Ok::<(), mancala_core::notation::OptionError>(())
/// ```
impl RuleOptions for Options {
    const KEYS: &'static [&'static str] = &[
        "layout",
        "owners",
        "seeds",
        "skip_origin",
        "grand_slam",
        "leftover",
        "honours",
    ];

    fn help(key: &str) -> Option<&'static str> {
        Some(match key {
            "layout" => {
                "the board (and its default owners); takes `two-row`, `triangle`, `hexagon`"
            }
            "owners" => {
                "the owner of each row, in ring order; takes one player a row, comma-separated (`0,0,1,1,2,2`)"
            }
            "seeds" => "stones in each hole at the start; takes a number",
            "skip_origin" => "every move skips the hole it was lifted from; takes `true`, `false`",
            "grand_slam" => {
                "a capture that would leave a player without stones; takes `allow`, `no-capture`, `forbid`"
            }
            "leftover" => "stones left on the board at the end; takes `void`, `owner`",
            "honours" => {
                "honours for three 2s, four or more 2s, three 3s, four or more 3s; takes four numbers (`2,6,4,10`)"
            }
            _ => return None,
        })
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "layout" => {
                self.shape =
                    match option_choice(key, value, &LAYOUTS, "two-row, triangle or hexagon")? {
                        0 => Shape::TwoRow,
                        1 => Shape::Triangle,
                        _ => Shape::Hexagon,
                    };
                self.owners = self.shape.default_owners();
            }
            "owners" => self.owners = parse_owners(self.shape, key, value)?,
            "seeds" => self.seeds = option_number(key, value)?,
            "skip_origin" => self.skip_origin = option_bool(key, value)?,
            "grand_slam" => self.grand_slam = GrandSlam::from_word(key, value)?,
            "leftover" => {
                self.leftover =
                    match option_choice(key, value, &["void", "owner"], "void or owner")? {
                        0 => Leftover::Void,
                        _ => Leftover::ToOwner,
                    }
            }
            "honours" => self.honours = parse_honours(key, value)?,
            _ => return Err(OptionError::unknown_key(key, Self::KEYS)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<String> {
        Some(match key {
            "layout" => self.shape.name().into(),
            "owners" => {
                let owners: Vec<String> = self
                    .row_owners()
                    .iter()
                    .map(|p| p.index().to_string())
                    .collect();
                owners.join(",")
            }
            "seeds" => self.seeds.to_string(),
            "skip_origin" => bool_value(self.skip_origin),
            "grand_slam" => self.grand_slam.word().into(),
            "leftover" => self.leftover.word().into(),
            "honours" => {
                let h = &self.honours;
                alloc::format!(
                    "{},{},{},{}",
                    h.three_twos,
                    h.four_twos,
                    h.three_threes,
                    h.four_threes
                )
            }
            _ => return None,
        })
    }
}

// The options as their `key=value` words over the two-row game's, separated
// by spaces (empty for the two-row game).
mancala_core::options_text!(Options);
