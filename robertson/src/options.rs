//! Robertson's game options: board, owners, stones, grand slams, leftovers
//! and the honours table, as data.

use mancala_core::{
    ChainLimit, CountSet, EndRules, Endless, Feeding, GrandSlam, Layout, Leftover, MAX_ROWS,
    Player, Relay, Rules, RulesError, SowSpec, Zone,
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

    /// The default owners (RULES.md): one row each on two-row and triangle
    /// boards; on the hexagon, two players with three consecutive rows each.
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

/// The honours for one capture, by the number of holes it takes (landing
/// hole included) and the count they held (RULES.md item 7). Data, not code:
/// set your own table.
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

/// The rules of a game of Robertson's (RULES.md, "Robertson's game").
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
/// # Ok::<(), robertson::OptionsError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// The honours table.
    pub honours: Honours,
}

impl Default for Options {
    fn default() -> Options {
        Options::two_row()
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

    /// The rules of the shared sowing engine these options amount to.
    pub fn rules(&self) -> Rules {
        Rules {
            layout: Layout::new(6, self.row_owners()),
            seeds: self.seeds,
            sowing: SowSpec {
                skip_origin: self.skip_origin,
                ..SowSpec::default()
            },
            relay: Relay::Never,
            endless: Endless::Forbid,
            capture: mancala_core::Capture::Chain {
                zone: Zone::Opponents,
                counts: CountSet::TWO_OR_THREE,
                same_count: true,
                limit: ChainLimit::NotMover,
            },
            grand_slam: self.grand_slam,
            feeding: Feeding::IfPossible,
            extra_turn: false,
            end: EndRules {
                repetition: true,
                ..EndRules::default()
            },
            leftover: self.leftover,
        }
    }

    /// Checks the options.
    ///
    /// # Errors
    ///
    /// An [`OptionsError`] for invalid owners, no stones, too many stones or
    /// a `Stay` leftover (Robertson's game has only `Void` and `ToOwner`).
    pub fn check(&self) -> Result<(), OptionsError> {
        if self.leftover == Leftover::Stay {
            return Err(OptionsError::Leftover);
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
            options.honours = u.arbitrary()?;
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
}
