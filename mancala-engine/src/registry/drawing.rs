//! What a face draws of a position ([`Drawing`]: the board's shape, what
//! lies where, each player's score in the game's own terms) and what a move
//! did ([`Told`]: its report in words, the events of its sowing, the paths
//! of Numa's pieces). Each game says it once here, through
//! [`Registered::drawing`](super::Registered::drawing) and
//! [`Registered::play_told`](super::Registered::play_told), so a face
//! draws every game with one piece of code and names none.

use mancala_core::four_rows::{FourRowGame, FourRowRules};
use mancala_core::rounds::{RoundGame, SownStores};
use mancala_core::rules::StoreSide;
use mancala_core::toguz::ToguzKumalak;
use mancala_core::{Board, Event, Game, Mancala, Pit, Player, Status, Topology};

/// The shape of a board, for laying it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shape {
    /// Two rows of `row_len` holes facing each other, numbered round the
    /// ring from the first player's left (his row is drawn at the bottom),
    /// with each player's store at an end when `stores` says on which side
    /// of its owner.
    TwoRows {
        /// Holes a row.
        row_len: usize,
        /// Where each store stands, at its owner's right (after his last
        /// hole, Kalah's) or left (before his first, Chongka''s); `None`
        /// where no store is drawn.
        stores: Option<StoreSide>,
    },
    /// `sides` rows of `row_len` holes on the sides of a regular polygon,
    /// one row a player (Robertson's triangular and six-sided boards).
    Polygon {
        /// Rows, one for each player.
        sides: usize,
        /// Holes a row.
        row_len: usize,
    },
    /// A square torus of `side` by `side` squares with pieces on it
    /// ([`Drawing::pieces`]; Numa's board).
    Torus {
        /// Squares a side.
        side: u8,
    },
    /// Four rows of `columns` holes, two a player (the games on four
    /// rows): row 0 is player 0's outer row, drawn at the bottom, row 1 his
    /// inner row, row 2 player 1's inner row, row 3 player 1's outer row at
    /// the top ([`Shape::four_row_hole`] says which hole stands where).
    FourRows {
        /// Holes a row.
        columns: usize,
    },
}

impl Shape {
    /// On a [`Shape::FourRows`] board, the hole at `row` (0 at the bottom,
    /// player 0's outer row, to 3 at the top) and `column` (0 at player 0's
    /// left): row 0 holds `column`, row 1 `2C-1-column`, row 2
    /// `3C+column`, row 3 `3C-1-column`. `None` off the board or for
    /// another shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::registry::Shape;
    ///
    /// // Tsoro's 4 x 8: player 1's outer row runs 23 down to 16 from
    /// // player 0's left.
    /// let shape = Shape::FourRows { columns: 8 };
    /// assert_eq!(shape.four_row_hole(3, 0), Some(23));
    /// assert_eq!(shape.four_row_hole(1, 0), Some(15));
    /// assert_eq!(shape.four_row_hole(4, 0), None);
    /// ```
    pub fn four_row_hole(&self, row: usize, column: usize) -> Option<usize> {
        let Shape::FourRows { columns } = *self else {
            return None;
        };
        let columns = u8::try_from(columns).ok()?;
        let rules = FourRowRules {
            columns,
            ..FourRowRules::tsoro()
        };
        rules.hole_at(row, column).map(|pit| pit.index())
    }
}

/// Text drawn between the two holes of a file (Numercy's operators).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileLabel {
    /// The file's two holes: the first player's, then the one opposite.
    pub file: [Pit; 2],
    /// What is drawn (`+`).
    pub text: String,
    /// What it is, in words, for screen readers.
    pub title: String,
}

/// A piece standing on a square of a [`Shape::Torus`] (Numa's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceDrawing {
    /// `triangle`, `square`, `pentagon` or `circle`.
    pub shape: &'static str,
    /// `arabic` or `roman`: the face up.
    pub face: &'static str,
    /// The numeral shown (`3`, `III`).
    pub numeral: &'static str,
    /// Its square, 1 to `side` each (x east, y north).
    pub square: [u8; 2],
}

/// One part of a player's score, or a count that goes with it: `store`,
/// `left in his holes` (once the game is over, under rules that give each
/// player his own), `captured`, `honours`, `in hand` (seeds not yet
/// placed), `to go` (points still wanting to reach the target).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScorePart {
    /// What it counts.
    pub label: &'static str,
    /// How many.
    pub value: u64,
}

/// Everything a face draws of a position beyond its text and status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// How the board is laid out.
    pub shape: Shape,
    /// The holes' counts in the game's numbering (none on a torus).
    pub holes: Vec<u16>,
    /// Each hole's owner.
    pub owners: Vec<Player>,
    /// The stores drawn, one a player (none where the game has none on
    /// the board).
    pub stores: Vec<u16>,
    /// Holes marked with a word (Toguz Kumalak's `tuzdik`, the `closed`
    /// holes of a match of rounds).
    pub marks: Vec<(Pit, &'static str)>,
    /// Text between the holes of a file.
    pub labels: Vec<FileLabel>,
    /// What the scores count: `seeds`, `stones` or `points`.
    pub unit: &'static str,
    /// What makes up each player's score, in player order (empty where
    /// the score is all there is).
    pub parts: Vec<Vec<ScorePart>>,
    /// The score whose reaching ends the game, if there is one (Numa's
    /// target).
    pub goal: Option<u64>,
    /// Seeds each player has still to place (Mankka's opening; empty
    /// elsewhere).
    pub hands: Vec<u16>,
    /// The player to move places seeds: his moves are placements.
    pub placing: bool,
    /// The round being played (or just played), in a match of rounds.
    pub round: Option<u32>,
    /// What the player to move does now, where it is not a sowing:
    /// `refilling` (a match of rounds, between two rounds: his moves are
    /// fills) or `choosing` (Dakon, in the middle of a move: relay on or
    /// capture), or `placing` (Omweso's first moves: his moves put one
    /// seed from his hand into a hole, `place:N`).
    pub phase: Option<&'static str>,
    /// The pieces on a torus.
    pub pieces: Vec<PieceDrawing>,
    /// The seats' own names in player order, where the game names them
    /// (Numa's `Arabic` and `Roman`); `None` for the usual names.
    pub seats: Option<[&'static str; 2]>,
}

impl Drawing {
    /// The drawing of a board of `shape`, counted in `unit`, with nothing
    /// on it yet.
    fn new(shape: Shape, unit: &'static str) -> Drawing {
        Drawing {
            shape,
            holes: Vec::new(),
            owners: Vec::new(),
            stores: Vec::new(),
            marks: Vec::new(),
            labels: Vec::new(),
            unit,
            parts: Vec::new(),
            goal: None,
            hands: Vec::new(),
            placing: false,
            round: None,
            phase: None,
            pieces: Vec::new(),
            seats: None,
        }
    }

    /// The drawing of a board of `shape` with `holes`, owned as `topology`
    /// says, counted in `unit`.
    fn board(shape: Shape, holes: &[u16], topology: &Topology, unit: &'static str) -> Drawing {
        let mut d = Drawing::new(shape, unit);
        d.holes = holes.to_vec();
        d.owners = (0..holes.len())
            .map(|i| Pit::new(i).map_or(Player::P0, |pit| topology.owner(pit)))
            .collect();
        d
    }

    /// The drawing of a two-row board with its stores: `label` for what a
    /// store holds, and what each player's score has beyond it.
    fn with_stores(
        topology: &Topology,
        board: &Board,
        scores: &[u64],
        label: &'static str,
    ) -> Drawing {
        let shape = Shape::TwoRows {
            row_len: topology.row_len(),
            stores: Some(topology.layout().store_side),
        };
        let mut d = Drawing::board(shape, board.holes(), topology, "seeds");
        d.stores = board.stores()[..topology.players()].to_vec();
        d.parts = scores
            .iter()
            .zip(&d.stores)
            .map(|(&score, &store)| {
                let store = u64::from(store);
                let mut parts = vec![part(label, store)];
                if score > store {
                    parts.push(part("left in his holes", score - store));
                }
                parts
            })
            .collect();
        d
    }
}

fn part(label: &'static str, value: u64) -> ScorePart {
    ScorePart { label, value }
}

/// A sowing game's drawing.
pub(super) fn mancala(g: &Mancala) -> Drawing {
    Drawing::with_stores(g.topology(), g.board(), g.scores().as_slice(), "store")
}

/// Toguz Kumalak's drawing: the sowing board, each tuzdik marked.
pub(super) fn toguz(g: &ToguzKumalak) -> Drawing {
    let mut d = Drawing::with_stores(g.topology(), g.board(), g.scores().as_slice(), "store");
    d.marks = [Player::P0, Player::P1]
        .into_iter()
        .filter_map(|p| g.tuzdik(p))
        .map(|pit| (pit, "tuzdik"))
        .collect();
    d
}

/// A match of rounds' drawing: two rows, the stores where the laps sow
/// them (else each player's seeds in hand, as a part of his score), the
/// closed holes marked `closed`.
pub(super) fn rounds(g: &RoundGame) -> Drawing {
    let rules = g.rules();
    let houses = usize::from(rules.houses);
    let sown = rules.stores != SownStores::None;
    let shape = Shape::TwoRows {
        row_len: houses,
        stores: sown.then_some(rules.store_side),
    };
    let mut d = Drawing::new(shape, "seeds");
    d.holes = g.board().to_vec();
    d.owners = (0..d.holes.len())
        .map(|h| if h < houses { Player::P0 } else { Player::P1 })
        .collect();
    let label = if sown {
        d.stores = g.stores().to_vec();
        "store"
    } else {
        "in hand"
    };
    d.parts = g
        .stores()
        .iter()
        .map(|&s| vec![part(label, u64::from(s))])
        .collect();
    d.marks = g.closed().map(|pit| (pit, "closed")).collect();
    d.round = Some(g.round());
    d.phase = if g.is_refilling() {
        Some("refilling")
    } else if g.is_choosing() {
        Some("choosing")
    } else {
        None
    };
    d
}

/// A game on four rows' drawing: each player's two rows on his side, no
/// store on the board; each score's parts are the seeds captured (or, in
/// Omweso, still in hand) and, where the rules count them, the seeds in
/// his rows; Omweso's seeds in hand are its hands, and its placing a
/// phase.
pub(super) fn four_rows(g: &FourRowGame) -> Drawing {
    let rules = g.rules();
    let shape = Shape::FourRows {
        columns: usize::from(rules.columns),
    };
    let mut d = Drawing::new(shape, "seeds");
    d.holes = g.board().to_vec();
    d.owners = (0..d.holes.len())
        .filter_map(Pit::new)
        .map(|pit| rules.place(pit).map_or(Player::P0, |place| place.owner))
        .collect();
    let label = if rules.hand > 0 {
        "in hand"
    } else {
        "captured"
    };
    d.parts = [Player::P0, Player::P1]
        .iter()
        .map(|&p| {
            let mut parts = vec![part(label, u64::from(g.stores()[p.index()]))];
            if rules.ring_scores {
                parts.push(part("in his rows", u64::from(g.ring_seeds(p))));
            }
            parts
        })
        .collect();
    if rules.hand > 0 {
        d.hands = g.stores().to_vec();
    }
    // Omweso's placings are moves of one hole each (`place:N`), not
    // Mankka's placements of a whole hand: a phase, not `placing`.
    d.phase = g.is_placing().then_some("placing");
    d
}

/// Numercy's drawing: no stores, points, each file's operator between its
/// holes.
pub(super) fn numercy(g: &numercy::Numercy) -> Drawing {
    let t = g.topology();
    let shape = Shape::TwoRows {
        row_len: t.row_len(),
        stores: None,
    };
    let mut d = Drawing::board(shape, g.board().holes(), t, "points");
    d.labels = (0..t.row_len())
        .filter_map(Pit::new)
        .filter_map(|pit| Some((pit, t.opposite(pit)?)))
        .map(|(pit, opposite)| {
            let op = g.operator_at(pit);
            FileLabel {
                file: [pit, opposite],
                text: op.to_string(),
                title: format!("operator of file {}: {op}", pit.index()),
            }
        })
        .collect();
    d
}

/// Robertson's game's drawing: two rows or a polygon, stones captured and
/// honours won.
pub(super) fn robertson(g: &robertson::Robertson) -> Drawing {
    let t = g.topology();
    let shape = if t.rows() == 2 {
        Shape::TwoRows {
            row_len: t.row_len(),
            stores: None,
        }
    } else {
        Shape::Polygon {
            sides: t.rows(),
            row_len: t.row_len(),
        }
    };
    let mut d = Drawing::board(shape, g.board().holes(), t, "stones");
    let honours = g.honours();
    d.parts = g
        .captured()
        .as_slice()
        .iter()
        .zip(honours.as_slice())
        .map(|(&captured, &honours)| vec![part("captured", captured), part("honours", honours)])
        .collect();
    d
}

/// Mankka's drawing: the sowing board with seeds captured, and the seeds
/// each player has still to place.
pub(super) fn mankka(g: &mankka::Mankka) -> Drawing {
    let mut d = Drawing::with_stores(g.topology(), g.board(), g.scores().as_slice(), "captured");
    let hands = g.hands();
    d.hands = vec![hands[Player::P0], hands[Player::P1]];
    for (parts, &hand) in d.parts.iter_mut().zip(&d.hands) {
        parts.push(part("in hand", u64::from(hand)));
    }
    d.placing = match g.status() {
        Status::ToMove(p) => hands[p] > 0,
        _ => false,
    };
    d
}

/// Numa's drawing: four pieces on the 5x5 torus, the race to the target.
pub(super) fn numa(g: &numa::Numa) -> Drawing {
    let shape = Shape::Torus { side: 5 };
    let mut d = Drawing::new(shape, "points");
    let target = u64::from(g.options().target);
    d.goal = Some(target);
    d.parts = g
        .scores()
        .as_slice()
        .iter()
        .map(|&s| vec![part("to go", target.saturating_sub(s))])
        .collect();
    d.pieces = g
        .pieces()
        .iter()
        .zip(numa::Shape::ALL)
        .map(|(piece, shape)| PieceDrawing {
            shape: shape.name(),
            face: match piece.face {
                numa::Face::Arabic => "arabic",
                numa::Face::Roman => "roman",
            },
            numeral: piece.face.numeral(shape),
            square: [piece.square.x(), piece.square.y()],
        })
        .collect();
    d.seats = Some(["Arabic", "Roman"]);
    d
}

/// The path of a piece that moved in a turn (Numa's), square by square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiecePath {
    /// The piece (`triangle`, ...).
    pub shape: &'static str,
    /// Where it stood.
    pub from: [u8; 2],
    /// Each square it passed through and the one it stopped on.
    pub steps: Vec<[u8; 2]>,
}

/// What a move did: its report in words, the events of its sowing (lifts,
/// seeds dropped, captures: what a face animates) and the paths of the
/// pieces that moved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Told {
    /// The move's report as the game writes it.
    pub words: String,
    /// The sowing's events in order (none for a game without sowing).
    pub events: Vec<Event>,
    /// The paths of the pieces that moved (Numa's).
    pub paths: Vec<PiecePath>,
}

/// A report in words with the events recorded while it was played.
pub(super) fn told<R: core::fmt::Display>(report: &R, events: Vec<Event>) -> Told {
    Told {
        words: report.to_string(),
        events,
        paths: Vec::new(),
    }
}

/// What Numa's turn did: each piece that moved, with its path.
pub(super) fn numa_told(turn: &numa::TurnReport) -> Told {
    let paths = turn
        .paths
        .iter()
        .filter(|path| !path.steps.is_empty())
        .map(|path| PiecePath {
            shape: path.shape.name(),
            from: [path.from.x(), path.from.y()],
            steps: path.steps.iter().map(|s| [s.x(), s.y()]).collect(),
        })
        .collect();
    Told {
        words: turn.to_string(),
        events: Vec::new(),
        paths,
    }
}
