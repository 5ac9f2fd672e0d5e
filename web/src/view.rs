//! A position as the page draws it: holes and stores where they stand on
//! the board, seeds, whose turn it is, the legal moves, and how the game
//! ended.

use mancala_core::{Outcome, Player, Status};
use mancala_engine::registry::Drawing;
use mancala_engine::{AnyGame, GAMES};
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
    /// The keys its options text may set.
    pub keys: &'static [&'static str],
    /// Each option: its key, its value in the game as its name plays it,
    /// and a line of help.
    pub options: Vec<OptionEntry>,
}

/// One option of a game of the menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionEntry {
    pub key: &'static str,
    /// Its value in the game as its name plays it (none where the key does
    /// not apply).
    pub default: Option<String>,
    pub help: &'static str,
}

/// Every game, in the registry's order.
pub fn games() -> Vec<GameEntry> {
    GAMES
        .iter()
        .map(|g| GameEntry {
            name: g.name,
            title: g.title,
            summary: g.summary,
            keys: g.keys,
            options: g
                .options()
                .into_iter()
                .map(|o| OptionEntry {
                    key: o.key,
                    default: o.default,
                    help: o.help,
                })
                .collect(),
        })
        .collect()
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
    /// The choices open to the players this turn, as moves write them (the
    /// same for both; none once the game is over).
    pub choices: Vec<String>,
    /// The points that end the game.
    pub target: u32,
}

/// One part of a player's score, or a count that goes with it: `store`
/// (the seeds in his store), `left in his holes` (added once the game is
/// over, under rules that give each player his own), `captured`, `honours`
/// (Robertson's), `in hand` (Mankka's seeds not yet placed), `to go`
/// (Numa's points still wanting to reach the target).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScorePart {
    pub label: &'static str,
    pub value: u64,
}

/// A player's line of the score panel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreView {
    pub player: usize,
    /// His seat's name (as `View::names`).
    pub name: String,
    /// His score, the one that decides the game (as `View::scores`), in
    /// `View::unit`.
    pub points: u64,
    /// 1 for the highest score; equal scores share a rank.
    pub rank: usize,
    /// He is to move (or one of those to choose, in a simultaneous turn).
    pub to_move: bool,
    /// What makes up his score, and what goes with it, in the game's own
    /// terms (none for Numercy, whose points are all there is).
    pub parts: Vec<ScorePart>,
}

/// Everything the page draws of a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub name: &'static str,
    pub title: &'static str,
    /// The position in the game's notation.
    pub text: String,
    /// The rules in plain words, following the game's options.
    pub rules: String,
    /// The seats' names in player order.
    pub names: Vec<String>,
    pub status: StatusView,
    /// Each player's score.
    pub scores: Vec<u64>,
    /// What the scores count (`seeds`, `points`, `stones`).
    pub unit: &'static str,
    /// The score panel: a line for each player, in player order.
    pub score: Vec<ScoreView>,
    /// The score whose reaching ends the game (Numa's target: the race to
    /// it), if the game has one.
    pub goal: Option<u64>,
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
    /// A match of rounds: the round being played (or just played).
    pub round: Option<u32>,
    /// A match of rounds: `refilling` between rounds (the moves are
    /// `fill:N`), `choosing` in the middle of a Dakon move (`relay` or
    /// `capture`); Omweso: `placing` (the moves are `place:N`); none in a
    /// plain turn.
    pub phase: Option<&'static str>,
    pub numa: Option<NumaView>,
    /// Once over: the result in words (`South wins, 25 to 23`).
    pub result: Option<String>,
    /// Once over, when the last move was played here: why the game ended.
    pub reason: Option<String>,
}

/// The seats' names: the game's own (Numa's `Arabic` and `Roman`), else
/// `South` and `North` for two players, else `Player 1` and so on.
pub(crate) fn names(game: &AnyGame) -> Vec<String> {
    seat_names(game.players(), game.drawing().seats)
}

/// The seats' names of `players` players whose game names them `seats`.
fn seat_names(players: usize, seats: Option<[&'static str; 2]>) -> Vec<String> {
    match seats {
        Some(seats) => seats.iter().map(|s| (*s).to_string()).collect(),
        None if players == 2 => vec!["South".into(), "North".into()],
        None => (1..=players).map(|i| format!("Player {i}")).collect(),
    }
}

/// The hole views of `drawing` on `layout`, each with its owner and mark.
fn holes(drawing: &Drawing, layout: &Layout) -> Vec<HoleView> {
    drawing
        .holes
        .iter()
        .zip(&layout.holes)
        .enumerate()
        .map(|(i, (&seeds, p))| HoleView {
            pit: i,
            seeds,
            x: p.x,
            y: p.y,
            owner: drawing.owners.get(i).map_or(0, |o| o.index()),
            mark: drawing
                .marks
                .iter()
                .find(|(pit, _)| pit.index() == i)
                .map(|&(_, mark)| mark),
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
    let drawing = game.drawing();
    let names = seat_names(game.players(), drawing.seats);
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
    let layout = layout::of(drawing.shape);
    let labels = drawing
        .labels
        .iter()
        .filter_map(|label| {
            let [a, b] = label.file.map(|pit| layout.holes.get(pit.index()));
            let (a, b) = (a?, b?);
            Some(LabelView {
                x: a.x,
                y: (a.y + b.y) / 2.0,
                text: label.text.clone(),
                title: label.title.clone(),
            })
        })
        .collect();
    let numa = (!drawing.pieces.is_empty()).then(|| NumaView {
        pieces: drawing
            .pieces
            .iter()
            .map(|piece| PieceView {
                shape: piece.shape,
                face: piece.face,
                numeral: piece.numeral,
                x: piece.square[0],
                y: piece.square[1],
            })
            .collect(),
        choices: game.legal_choices(Player::P0),
        target: drawing
            .goal
            .map_or(0, |g| u32::try_from(g).unwrap_or(u32::MAX)),
    });
    let parts = drawing
        .parts
        .iter()
        .map(|parts| {
            parts
                .iter()
                .map(|p| ScorePart {
                    label: p.label,
                    value: p.value,
                })
                .collect()
        })
        .collect();
    let mut v = View {
        name: info.name,
        title: info.title,
        text: game.to_string(),
        rules: game.rules_in_words(),
        names,
        status,
        scores,
        unit: drawing.unit,
        score: Vec::new(),
        goal: drawing.goal,
        width: layout.width,
        height: layout.height,
        holes: holes(&drawing, &layout),
        stores: stores(&drawing.stores, &layout.stores),
        labels,
        legal,
        hands: drawing.hands.clone(),
        placing: drawing.placing,
        round: drawing.round,
        phase: drawing.phase,
        numa,
        result,
        reason: None,
    };
    v.score = score_lines(&v, parts);
    v
}

/// The score panel's lines of `v`, with each player's `parts` (none for a
/// player missing from them).
fn score_lines(v: &View, parts: Vec<Vec<ScorePart>>) -> Vec<ScoreView> {
    let mut parts = parts.into_iter();
    v.scores
        .iter()
        .enumerate()
        .map(|(player, &points)| ScoreView {
            player,
            name: v.names.get(player).cloned().unwrap_or_default(),
            points,
            rank: 1 + v.scores.iter().filter(|&&s| s > points).count(),
            to_move: v.status.players.contains(&player),
            parts: parts.next().unwrap_or_default(),
        })
        .collect()
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
            if game.info().simultaneous() {
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

    /// Chongka' keeps each store on its owner's left (`store_side=left`):
    /// South's store at the left end, before his hole 0, where Kalah has it
    /// at the right end.
    #[test]
    fn stores_on_the_left_are_drawn_at_their_owners_left() {
        for (name, left) in [("kalah", false), ("chongka", true)] {
            let v = view(&AnyGame::new(name, "").expect(name));
            assert_eq!(v.stores[0].x < v.holes[0].x, left, "{name}");
            assert_eq!(v.stores[1].x < v.holes[0].x, !left, "{name}");
        }
    }

    #[test]
    fn mankka_opens_placing_seeds() {
        let v = view(&AnyGame::new("mankka", "").expect("mankka"));
        assert!(v.placing);
        assert_eq!(v.hands, [6, 6]);
        assert!(v.legal.contains(&"1+1+1+1+1+1".to_string()));
    }

    #[test]
    fn a_match_of_rounds_shows_its_round_phase_and_closed_holes() {
        // Congkak's second round with holes 6 and 7 closed: North sows.
        let v = set(
            "congkak",
            "6,6,6,6,6,6/0,0,6,6,6,6 10,2 1 rules=congkak round=2 closed=6,7",
        );
        assert_eq!((v.round, v.phase), (Some(2), None));
        let closed: Vec<usize> = v
            .holes
            .iter()
            .filter(|h| h.mark == Some("closed"))
            .map(|h| h.pit)
            .collect();
        assert_eq!(closed, [6, 7]);
        assert_eq!(v.legal, ["8", "9", "10", "11"]);
        // Congkak sows into both stores: both drawn.
        assert_eq!(v.stores.len(), 2);
        // Between rounds South fills his rightmost empty hole first.
        let v = set(
            "congkak",
            "6,6,6,6,6,0/6,6,6,6,6,6 10,2 0 rules=congkak round=2 stage=refill",
        );
        assert_eq!((v.round, v.phase), (Some(2), Some("refilling")));
        assert_eq!(v.legal, ["fill:5"]);
        // Dakon, South's last seed in his own hole 1 (now 2): he chooses.
        let v = set(
            "dakon",
            "0,2,0,0,0,0,0/1,1,1,1,1,1,1 45,44 0 rules=dakon stage=choose:1",
        );
        assert_eq!(v.phase, Some("choosing"));
        assert_eq!(v.legal, ["relay", "capture"]);
        // Other games have no rounds.
        let v = view(&AnyGame::new("kalah", "").expect("kalah"));
        assert_eq!((v.round, v.phase), (None, None));
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

    /// The parts of `line` as `(label, value)` pairs.
    fn parts(line: &ScoreView) -> Vec<(&'static str, u64)> {
        line.parts.iter().map(|p| (p.label, p.value)).collect()
    }

    /// A game of `name` set up from `text`, and its view.
    fn set(name: &str, text: &str) -> View {
        view(&AnyGame::from_text(name, text).expect("a position"))
    }

    #[test]
    fn every_game_has_a_score_line_for_each_player_matching_its_scores() {
        for entry in games() {
            let v = view(&AnyGame::new(entry.name, "").expect("default options"));
            assert_eq!(v.score.len(), v.scores.len(), "{}", entry.name);
            for (p, line) in v.score.iter().enumerate() {
                assert_eq!((line.player, line.points), (p, v.scores[p]));
                assert_eq!(line.name, v.names[p]);
                assert_eq!(line.rank, 1, "{}: nobody leads at the start", entry.name);
            }
        }
    }

    #[test]
    fn kalah_scores_are_the_stores_with_what_stays_in_the_holes_at_the_end() {
        // South sows hole 2 (4 seeds): holes 3, 4, 5 and his store, so one
        // seed stored and South moves again (`mancala replay kalah 2` gives
        // 4,4,0,5,5,5/4,4,4,4,4,4 1,0 0).
        let mut game = AnyGame::new("kalah", "").expect("kalah");
        game.play("2").expect("legal");
        let v = view(&game);
        assert_eq!(v.unit, "seeds");
        assert_eq!(v.goal, None);
        let [south, north] = &v.score[..] else {
            panic!("two lines")
        };
        assert_eq!((south.name.as_str(), south.points), ("South", 1));
        assert_eq!((south.rank, south.to_move), (1, true));
        assert_eq!(parts(south), [("store", 1)]);
        assert_eq!((north.name.as_str(), north.points), ("North", 0));
        assert_eq!((north.rank, north.to_move), (2, false));
        assert_eq!(parts(north), [("store", 0)]);
        // Over, with North's 3 seeds still in his holes: Kalah's rules
        // give them to him, so his 17 is his store's 14 and those 3.
        let v = set("kalah", "0,0,0,0,0,0/1,2,0,0,0,0 31,14 1 over rules=kalah");
        assert_eq!(v.status.kind, "over");
        assert_eq!(v.scores, [31, 17]);
        assert_eq!(parts(&v.score[0]), [("store", 31)]);
        assert_eq!(
            parts(&v.score[1]),
            [("store", 14), ("left in his holes", 3)]
        );
        assert!(v.score.iter().all(|l| !l.to_move));
    }

    #[test]
    fn numercy_scores_are_its_points() {
        // Set up: South 12 points, North 5, North to move.
        let v = set("numercy", "7,7,7,7,7,7,7/7,7,7,7,7,7,7 12,5 1");
        assert_eq!(v.unit, "points");
        let lines: Vec<_> = v
            .score
            .iter()
            .map(|l| (l.name.as_str(), l.points, l.rank, l.to_move, l.parts.len()))
            .collect();
        assert_eq!(
            lines,
            [("South", 12, 1, false, 0), ("North", 5, 2, true, 0)]
        );
    }

    #[test]
    fn robertson_scores_are_captures_plus_honours() {
        // Set up: South has captured 10 stones and won 2 honours, North 3
        // stones and none: 12 to 3, North to move.
        let v = set("robertson", "4,4,4,4,4,0/0,4,4,4,1,4 10,3 2,0 1");
        assert_eq!(v.unit, "stones");
        assert_eq!(v.scores, [12, 3]);
        assert_eq!(parts(&v.score[0]), [("captured", 10), ("honours", 2)]);
        assert_eq!(parts(&v.score[1]), [("captured", 3), ("honours", 0)]);
        assert_eq!(v.score[0].points, 12);
        assert!(v.score[1].to_move && !v.score[0].to_move);
        // Three players tied at the start share the first rank.
        let v = view(&AnyGame::new("robertson", "layout=triangle").expect("triangle"));
        assert_eq!(v.score.len(), 3);
        assert!(v.score.iter().all(|l| l.rank == 1 && l.points == 0));
        assert_eq!(parts(&v.score[2]), [("captured", 0), ("honours", 0)]);
    }

    #[test]
    fn mankka_scores_are_captures_with_the_seeds_in_hand() {
        // The opening: 6 seeds in each hand; South places one in each hole
        // (`mancala replay mankka 1+1+1+1+1+1`: 0,6 in hand, North to
        // place).
        let mut game = AnyGame::new("mankka", "").expect("mankka");
        let v = view(&game);
        assert_eq!(parts(&v.score[0]), [("captured", 0), ("in hand", 6)]);
        game.play("1+1+1+1+1+1").expect("legal");
        let v = view(&game);
        assert_eq!(parts(&v.score[0]), [("captured", 0), ("in hand", 0)]);
        assert_eq!(parts(&v.score[1]), [("captured", 0), ("in hand", 6)]);
        assert!(v.score[1].to_move);
        // Set up: 5 captured by South, 4 by North.
        let v = set("mankka", "3,3,3,3,3,3/3,3,3,3,3,0 5,4 0,0 1");
        assert_eq!(v.scores, [5, 4]);
        assert_eq!(parts(&v.score[0]), [("captured", 5), ("in hand", 0)]);
        assert_eq!(parts(&v.score[1]), [("captured", 4), ("in hand", 0)]);
        assert_eq!((v.score[0].rank, v.score[1].rank), (1, 2));
    }

    #[test]
    fn numa_is_a_race_to_its_target() {
        // Set up: Arabic 12 points, Roman 7; the default target is 30.
        let v = set("numa", "1@2,4/II@4,4/III@2,2/4@4,2 12,7");
        assert_eq!((v.unit, v.goal), ("points", Some(30)));
        let [arabic, roman] = &v.score[..] else {
            panic!("two lines")
        };
        assert_eq!((arabic.name.as_str(), arabic.points), ("Arabic", 12));
        assert_eq!(parts(arabic), [("to go", 18)]);
        assert_eq!((roman.name.as_str(), roman.points), ("Roman", 7));
        assert_eq!(parts(roman), [("to go", 23)]);
        // Both choose at once: both are to move.
        assert!(arabic.to_move && roman.to_move);
        // Another target.
        let v = view(&AnyGame::new("numa", "target=20").expect("numa"));
        assert_eq!(v.goal, Some(20));
        assert_eq!(parts(&v.score[1]), [("to go", 20)]);
    }

    #[test]
    fn toguz_kumalak_scores_are_its_stores() {
        // South sows hole 1 (9 stones: one back in hole 1, seven on, the
        // last into North's hole 9, making 10: even, so captured; `mancala
        // replay toguz-kumalak 1` stores 10,0).
        let mut game = AnyGame::new("toguz-kumalak", "").expect("toguz");
        game.play("1").expect("legal");
        let v = view(&game);
        assert_eq!(v.scores, [10, 0]);
        assert_eq!(parts(&v.score[0]), [("store", 10)]);
    }
}
