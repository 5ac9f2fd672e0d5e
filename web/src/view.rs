//! A position as the page draws it: holes and stores where they stand on
//! the board, seeds, whose turn it is, the legal moves, and how the game
//! ended.

use mancala_core::{Game, Outcome, Pit, Player, Status, Topology};
use mancala_engine::{AnyGame, GAMES, GameState};
use serde::Serialize;

use crate::layout::{self, Layout, Point};

/// One game of the menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameEntry {
    /// The name the registry and `mancala play` take.
    pub name: &'static str,
    /// Its usual name.
    pub title: &'static str,
    /// The rules in a sentence or a few.
    pub summary: &'static str,
    /// `sowing`, `toguz`, `numercy`, `robertson`, `mankka` or `numa`.
    pub family: &'static str,
    /// The keys its options text may set.
    pub keys: &'static [&'static str],
}

/// Every game, in the registry's order.
pub fn games() -> Vec<GameEntry> {
    GAMES
        .iter()
        .map(|g| GameEntry {
            name: g.name,
            title: g.title,
            summary: g.summary,
            family: AnyGame::new(g.name, "").map_or("other", |game| family(game.state())),
            keys: g.keys,
        })
        .collect()
}

/// The kind of board the page draws for a game's type.
fn family(state: &GameState) -> &'static str {
    match state {
        GameState::Mancala(_) => "sowing",
        GameState::Toguz(_) => "toguz",
        GameState::Numercy(_) => "numercy",
        GameState::Robertson(_) => "robertson",
        GameState::Mankka(_) => "mankka",
        GameState::Numa(_) => "numa",
    }
}

/// Whose turn it is, or how the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatusView {
    /// `move` (one player), `simultaneous` (Numa) or `over`.
    pub kind: &'static str,
    /// The players to move.
    pub players: Vec<usize>,
    /// The winner, once over (none for a draw).
    pub winner: Option<usize>,
}

/// A hole: its number in the notation, its seeds, where it is drawn, its
/// owner, and a mark (`tuzdik`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HoleView {
    pub pit: usize,
    pub seeds: u16,
    pub x: f64,
    pub y: f64,
    pub owner: usize,
    pub mark: Option<&'static str>,
}

/// A store: its owner, seeds, and where it is drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StoreView {
    pub player: usize,
    pub seeds: u16,
    pub x: f64,
    pub y: f64,
}

/// Text drawn on the board (Numercy's operator between a file's holes).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LabelView {
    pub x: f64,
    pub y: f64,
    pub text: String,
    /// What it is, for screen readers.
    pub title: String,
}

/// A Numa piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// `triangle`, `square`, `pentagon` or `circle`.
    pub shape: &'static str,
    /// `arabic` or `roman`: the face up.
    pub face: &'static str,
    /// The numeral shown (`3`, `III`).
    pub numeral: &'static str,
    /// Its square, 1 to 5 each (x east, y north).
    pub x: u8,
    pub y: u8,
}

/// What Numa's page needs beyond the common view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NumaView {
    pub pieces: Vec<PieceView>,
    /// Every choice, as moves write them (the same for both players).
    pub choices: Vec<String>,
    /// The points that end the game.
    pub target: u32,
}

/// Everything the page draws of a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub name: &'static str,
    pub title: &'static str,
    pub family: &'static str,
    /// The position in the game's notation.
    pub text: String,
    /// The seats' names in player order.
    pub names: Vec<String>,
    pub status: StatusView,
    /// Each player's score.
    pub scores: Vec<u64>,
    /// What the scores count (`seeds`, `points`, `stones`).
    pub unit: &'static str,
    pub width: f64,
    pub height: f64,
    pub holes: Vec<HoleView>,
    pub stores: Vec<StoreView>,
    pub labels: Vec<LabelView>,
    /// The legal moves of the player to move (none in a simultaneous turn:
    /// see `numa.choices`).
    pub legal: Vec<String>,
    /// Mankka: the seeds each player has still to place.
    pub hands: Vec<u16>,
    /// Mankka: the player to move places seeds (his moves are placements).
    pub placing: bool,
    pub numa: Option<NumaView>,
    /// Once over: the result in words (`South wins, 25 to 23`).
    pub result: Option<String>,
    /// Once over, when the last move was played here: why the game ended.
    pub reason: Option<String>,
}

/// The seats' names: `South` and `North` for two players (Numa's
/// `Arabic` and `Roman`), else `Player 1` and so on.
pub(crate) fn names(game: &AnyGame) -> Vec<String> {
    let players = game.visit(Players);
    match game.state() {
        GameState::Numa(_) => vec!["Arabic".into(), "Roman".into()],
        _ if players == 2 => vec!["South".into(), "North".into()],
        _ => (1..=players).map(|i| format!("Player {i}")).collect(),
    }
}

struct Players;

impl mancala_engine::Visitor for Players {
    type Output = usize;
    fn visit<G>(self, game: &G) -> usize
    where
        G: Game + Clone + std::fmt::Display + std::fmt::Debug + Send + Sync + 'static,
    {
        game.player_count()
    }
}

/// The hole views of `counts` on `layout`, owners from `topology`.
fn holes(counts: &[u16], layout: &Layout, topology: &Topology) -> Vec<HoleView> {
    counts
        .iter()
        .zip(&layout.holes)
        .enumerate()
        .map(|(i, (&seeds, p))| HoleView {
            pit: i,
            seeds,
            x: p.x,
            y: p.y,
            owner: Pit::new(i).map_or(0, |pit| topology.owner(pit).index()),
            mark: None,
        })
        .collect()
}

fn stores(counts: &[u16], at: &[Point]) -> Vec<StoreView> {
    counts
        .iter()
        .zip(at)
        .enumerate()
        .map(|(i, (&seeds, p))| StoreView {
            player: i,
            seeds,
            x: p.x,
            y: p.y,
        })
        .collect()
}

/// The view of `game`.
pub(crate) fn view(game: &AnyGame) -> View {
    let info = game.info();
    let names = names(game);
    let status = match game.status() {
        Status::ToMove(p) => StatusView {
            kind: "move",
            players: vec![p.index()],
            winner: None,
        },
        Status::Simultaneous(set) => StatusView {
            kind: "simultaneous",
            players: set.iter().map(Player::index).collect(),
            winner: None,
        },
        Status::Over(outcome) => StatusView {
            kind: "over",
            players: Vec::new(),
            winner: match outcome {
                Outcome::Winner(w) => Some(w.index()),
                _ => None,
            },
        },
    };
    let scores = game.scores();
    let result = (status.kind == "over").then(|| result(&names, &scores, status.winner));
    let legal = match game.status() {
        Status::ToMove(_) => game.legal_moves(),
        _ => Vec::new(),
    };
    let mut v = View {
        name: info.name,
        title: info.title,
        family: family(game.state()),
        text: game.to_string(),
        names,
        status,
        scores,
        unit: "seeds",
        width: 0.0,
        height: 0.0,
        holes: Vec::new(),
        stores: Vec::new(),
        labels: Vec::new(),
        legal,
        hands: Vec::new(),
        placing: false,
        numa: None,
        result,
        reason: None,
    };
    let board_of = |v: &mut View, layout: Layout| {
        v.width = layout.width;
        v.height = layout.height;
        layout
    };
    match game.state() {
        GameState::Mancala(g) => {
            let t = g.topology();
            let layout = board_of(&mut v, layout::two_rows(t.row_len(), true));
            v.holes = holes(g.board().holes(), &layout, t);
            v.stores = stores(&g.board().stores()[..t.players()], &layout.stores);
        }
        GameState::Toguz(g) => {
            let t = g.topology();
            let layout = board_of(&mut v, layout::two_rows(t.row_len(), true));
            v.holes = holes(g.board().holes(), &layout, t);
            v.stores = stores(&g.board().stores()[..2], &layout.stores);
            for p in [Player::P0, Player::P1] {
                if let Some(h) = g.tuzdik(p).and_then(|pit| v.holes.get_mut(pit.index())) {
                    h.mark = Some("tuzdik");
                }
            }
        }
        GameState::Numercy(g) => {
            let t = g.topology();
            let layout = board_of(&mut v, layout::two_rows(t.row_len(), false));
            v.holes = holes(g.board().holes(), &layout, t);
            v.unit = "points";
            for k in 0..t.row_len() {
                let (Some(pit), Some(a)) = (Pit::new(k), layout.holes.get(k)) else {
                    continue;
                };
                let Some(b) = t.opposite(pit).and_then(|o| layout.holes.get(o.index())) else {
                    continue;
                };
                let op = g.operator_at(pit);
                v.labels.push(LabelView {
                    x: a.x,
                    y: (a.y + b.y) / 2.0,
                    text: op.to_string(),
                    title: format!("operator of file {k}: {op}"),
                });
            }
        }
        GameState::Robertson(g) => {
            let t = g.topology();
            let layout = if t.rows() == 2 {
                layout::two_rows(t.row_len(), false)
            } else {
                layout::polygon(t.rows(), t.row_len())
            };
            let layout = board_of(&mut v, layout);
            v.holes = holes(g.board().holes(), &layout, t);
            v.unit = "stones";
        }
        GameState::Mankka(g) => {
            let t = g.topology();
            let layout = board_of(&mut v, layout::two_rows(t.row_len(), true));
            v.holes = holes(g.board().holes(), &layout, t);
            v.stores = stores(&g.board().stores()[..2], &layout.stores);
            let hands = g.hands();
            v.hands = vec![hands[Player::P0], hands[Player::P1]];
            v.placing = match game.status() {
                Status::ToMove(p) => hands[p] > 0,
                _ => false,
            };
        }
        GameState::Numa(g) => {
            v.width = 5.0 * layout::STEP * 1.4;
            v.height = v.width;
            v.unit = "points";
            v.numa = Some(NumaView {
                pieces: g
                    .pieces()
                    .iter()
                    .zip(numa::Shape::ALL)
                    .map(|(piece, shape)| PieceView {
                        shape: shape.name(),
                        face: match piece.face {
                            numa::Face::Arabic => "arabic",
                            numa::Face::Roman => "roman",
                        },
                        numeral: piece.face.numeral(shape),
                        x: piece.square.x(),
                        y: piece.square.y(),
                    })
                    .collect(),
                choices: numa::Choice::ALL.iter().map(ToString::to_string).collect(),
                target: g.options().target,
            });
        }
    }
    v
}

/// `South wins, 25 to 23` or `A draw, 24 to 24`.
fn result(names: &[String], scores: &[u64], winner: Option<usize>) -> String {
    let list: Vec<String> = scores.iter().map(u64::to_string).collect();
    let list = list.join(" to ");
    match winner.and_then(|w| names.get(w)) {
        Some(name) => format!("{name} wins, {list}"),
        None => format!("A draw, {list}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_view_with_a_hole_or_piece_for_each_place() {
        for entry in games() {
            let game = AnyGame::new(entry.name, "").expect("default options");
            let v = view(&game);
            assert_eq!(v.text, game.to_string());
            assert_eq!(v.names.len(), v.scores.len(), "{}", entry.name);
            if entry.family == "numa" {
                assert_eq!(v.numa.as_ref().map(|n| n.pieces.len()), Some(4));
                assert_eq!(v.numa.as_ref().map(|n| n.choices.len()), Some(72));
                assert_eq!(v.status.kind, "simultaneous");
            } else {
                assert!(!v.holes.is_empty(), "{}", entry.name);
                assert_eq!(v.status.kind, "move");
                // Holes in the notation's order, each inside the frame.
                for (i, h) in v.holes.iter().enumerate() {
                    assert_eq!(h.pit, i);
                    assert!(h.x > 0.0 && h.x < v.width && h.y > 0.0 && h.y < v.height);
                }
                assert!(!v.legal.is_empty(), "{}", entry.name);
            }
        }
    }

    #[test]
    fn numercy_shows_each_files_operator_between_its_holes() {
        let game = AnyGame::new("numercy", "holes=4 operators=+,-,x,:").expect("numercy");
        let v = view(&game);
        let ops: Vec<&str> = v.labels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(ops, ["+", "-", "x", ":"]);
        // Hole 0's file: the label sits between hole 0 and hole 7.
        assert_eq!(v.labels[0].x, v.holes[0].x);
        assert!(v.labels[0].y < v.holes[0].y && v.labels[0].y > v.holes[7].y);
    }

    #[test]
    fn robertson_hexagon_has_six_owners_rows_and_names() {
        let game = AnyGame::new("robertson", "layout=hexagon").expect("hexagon");
        let v = view(&game);
        let players = v.names.len();
        assert!(players >= 2);
        assert!(v.holes.iter().all(|h| h.owner < players));
        assert_eq!(v.holes.len() % 6, 0);
    }

    #[test]
    fn mankka_opens_placing_seeds() {
        let v = view(&AnyGame::new("mankka", "").expect("mankka"));
        assert!(v.placing);
        assert_eq!(v.hands, [6, 6]);
        assert!(v.legal.contains(&"1+1+1+1+1+1".to_string()));
    }

    #[test]
    fn a_finished_game_says_who_won() {
        // Kalah with one seed a hole: South sows hole 5 into his store and
        // moves again, and so on; play until the end.
        let mut game = AnyGame::new("kalah", "houses=2 seeds=1").expect("kalah");
        while let Some(mv) = game.legal_moves().first().cloned() {
            game.play(&mv).expect("legal");
        }
        let v = view(&game);
        assert_eq!(v.status.kind, "over");
        let result = v.result.expect("a result");
        let total: u64 = v.scores.iter().sum();
        assert_eq!(total, 4);
        assert!(result.contains(" to "), "{result}");
    }
}
