//! Robertson's game at the table: the two-row board like oware's, the
//! triangle and the hexagon drawn as they look, all with hole numbers.

use mancala_core::{Board, Game, Move, Player, rules::Leftover};
use robertson::{MoveReport, Pit, PlayError, Robertson, Shape};

use super::boards::{TwoRow, ring, row_place};
use super::sowing::{arrow, south_north};
use super::terminal_game::{Ending, TerminalGame, hole_actions, hole_refusal};
use super::text::{Names, and_list, count, ranges};
use mancala_engine::ending::{Words as _, mancala_end};

/// Whether the board is two rows with South (player 0) on the bottom row
/// and North on the top one, the names then being South and North.
fn south_and_north(game: &Robertson) -> bool {
    game.options().row_owners() == [Player::P0, Player::P1]
}

/// A player's line beside the board: his counts, and his holes on the
/// multi-row boards.
fn player_line(
    game: &Robertson,
    board: &Board,
    p: Player,
    names: &Names,
    to_move: Option<Player>,
) -> String {
    let captured = u64::from(board.store(p));
    let honours = game.honours()[p];
    let holes = if south_and_north(game) {
        String::new()
    } else {
        format!(", holes {}", ranges(game.topology().pits_of(p)))
    };
    format!(
        "{}{holes}: captured {captured}, honours {honours}, score {}{}",
        names.of(p),
        captured + honours,
        arrow(to_move, p)
    )
}

/// The board with `board`'s counts (the game's own, or the board before
/// the end's sweep).
fn robertson_board(
    game: &Robertson,
    board: &Board,
    names: &Names,
    to_move: Option<Player>,
) -> String {
    if game.options().shape == Shape::TwoRow && south_and_north(game) {
        return TwoRow::new(board.holes(), |p| {
            player_line(game, board, p, names, to_move)
        })
        .draw();
    }
    let mut out = if game.options().shape == Shape::TwoRow {
        TwoRow::new(board.holes(), |p| format!("row {}", p.index())).draw() + "\n"
    } else {
        ring(board.holes(), game.topology().row_len())
    };
    for p in names.players() {
        out.push_str(&format!(
            "  {}\n",
            player_line(game, board, p, names, to_move)
        ));
    }
    out.trim_end().to_string()
}

/// `the bottom row, holes 0 to 5`, or `holes 0 to 17: the bottom row, the
/// lower right side and the upper right side`.
fn rows_of(game: &Robertson, p: Player) -> String {
    let rows = game.options().row_owners();
    let places: Vec<String> = rows
        .iter()
        .enumerate()
        .filter(|(_, o)| **o == p)
        .map(|(r, _)| row_place(rows.len(), r).to_string())
        .collect();
    let holes = ranges(game.topology().pits_of(p));
    match places.as_slice() {
        [one] => format!("{one}, holes {holes}"),
        _ => format!("holes {holes}: {}", and_list(&places)),
    }
}

impl TerminalGame for Robertson {
    fn seat_names(&self) -> Vec<String> {
        if self.options().shape == Shape::TwoRow && south_and_north(self) {
            south_north()
        } else {
            Player::all(self.player_count())
                .map(|p| p.to_string())
                .collect()
        }
    }

    fn side(&self, p: Player) -> String {
        rows_of(self, p)
    }

    fn draw(&self, names: &Names) -> String {
        robertson_board(self, self.board(), names, self.to_move())
    }

    fn how_to_move(&self, p: Player) -> String {
        format!(
            "type the number of one of your holes ({}) that holds stones; they are sown one \
             a hole counter-clockwise, up the hole numbers.",
            ranges(self.topology().pits_of(p))
        )
    }

    hole_actions!();

    fn describe(&self, r: &MoveReport, names: &Names) -> String {
        let mut text = format!("{} sows hole {}", names.cap(r.mover), r.pit);
        if r.holes > 0 {
            text.push_str(&format!(
                " and captures {} ({} of {})",
                count(r.stones, "stone"),
                count(r.holes as u64, "hole"),
                r.count
            ));
        }
        if r.honours > 0 {
            text.push_str(&format!(", winning {} honours", r.honours));
        }
        text.push('.');
        text
    }

    hole_refusal!(PlayError);

    fn ending(&self, before: &Robertson, mv: &Pit, names: &Names) -> Ending {
        let Some(end) = mancala_end(before.sowing(), Move::Sow(*mv)) else {
            return Ending::as_it_stands(self, "the game is over", names);
        };
        let topology = self.topology();
        let honours = self.honours();
        let scores = self.scores();
        let captured = |p: Player| u64::from(end.board.store(p));
        let (what, parts): (&str, Vec<String>) = if self.options().leftover == Leftover::ToOwner {
            (
                "Each player adds the stones left on his rows to his captures. Final count \
                 (captured + left + honours)",
                names
                    .players()
                    .map(|p| {
                        format!(
                            "{} {} + {} + {} = {}",
                            names.of(p),
                            captured(p),
                            end.swept.get(p.index()).copied().unwrap_or(0),
                            honours[p],
                            scores[p]
                        )
                    })
                    .collect(),
            )
        } else {
            (
                "Final count (captured + honours)",
                names
                    .players()
                    .map(|p| {
                        format!(
                            "{} {} + {} = {}",
                            names.of(p),
                            captured(p),
                            honours[p],
                            scores[p]
                        )
                    })
                    .collect(),
            )
        };
        let left: u32 = names
            .players()
            .map(|p| end.board.seeds_of(topology, p))
            .sum();
        let mut count_text = String::new();
        if self.options().leftover != Leftover::ToOwner && left > 0 {
            count_text.push_str(&format!(
                "The {} left on the board count for nobody. ",
                count(left, "stone")
            ));
        }
        count_text.push_str(&format!("{what}: {}.", and_list(&parts)));
        Ending {
            board: robertson_board(self, &end.board, names, None),
            reason: end.reason.words(&|p| names.of(p), "stone"),
            count: count_text,
        }
    }
}
