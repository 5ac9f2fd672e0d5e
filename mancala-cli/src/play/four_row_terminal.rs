//! The games on four rows at the table: the four rows as the board looks
//! (North's outer row on top, then his inner row, South's inner row and
//! South's outer row at the bottom), every hole's number above its count,
//! and each player's captured seeds (or seeds in hand) on his line.

use std::fmt::Write as _;

use mancala_core::four_rows::{FourRowAction, FourRowGame, FourRowTurn};
use mancala_core::{Game, Pit, Player};

use super::sowing::arrow;
use super::terminal_game::{Ending, TerminalGame, ending_with, say_hole};
use super::text::{Names, count, ranges};

/// Columns a hole takes.
const CELL: usize = 5;
/// The most columns drawn side by side (longer rows, Hus (Nama)'s 16, are
/// drawn in two bands, left half above right half).
const BAND: usize = 14;

/// `p`'s holes: his ring.
fn holes_of(game: &FourRowGame, p: Player) -> impl Iterator<Item = Pit> {
    let ring = game.rules().ring_len();
    (p.index() * ring..(p.index() + 1) * ring).filter_map(Pit::new)
}

/// What a player's store holds: the seeds he has captured, or (Omweso)
/// the seeds in his hand.
fn store_word(game: &FourRowGame) -> &'static str {
    if game.rules().hand > 0 {
        "in hand"
    } else {
        "captured"
    }
}

/// The four rows, top (row 3) to bottom (row 0), each a line of hole
/// numbers and a line of counts, named on the left; North's line above
/// them, South's below.
fn board(game: &FourRowGame, names: &Names, to_move: Option<Player>) -> String {
    let rules = game.rules();
    let columns = usize::from(rules.columns);
    let line = |p: Player| {
        format!(
            "{}: {} {}{}",
            names.of(p),
            store_word(game),
            game.stores()[p.index()],
            arrow(to_move, p)
        )
    };
    let bands = columns.div_ceil(BAND);
    let width = columns.div_ceil(bands);
    let labels = ["S outer", "S inner", "N inner", "N outer"];
    let mut out = format!("  {}\n", line(Player::P1));
    let all: Vec<usize> = (0..columns).collect();
    for (band, files) in all.chunks(width).enumerate() {
        if band > 0 {
            out.push('\n');
        }
        for row in (0..4).rev() {
            let holes: Vec<usize> = files
                .iter()
                .filter_map(|&c| rules.hole_at(row, c).map(|pit| pit.index()))
                .collect();
            let mut numbers = format!("  {:<8}", labels[row]);
            let mut counts = " ".repeat(10);
            for &h in &holes {
                let _ = write!(numbers, "{:>CELL$}", format!("({h})"));
                let seeds = game.board().get(h).copied().unwrap_or(0);
                let _ = write!(counts, "{seeds:>CELL$}");
            }
            let _ = writeln!(out, "{}\n{}", numbers.trim_end(), counts.trim_end());
            if row == 2 {
                out.push('\n');
            }
        }
    }
    let _ = write!(out, "  {}", line(Player::P0));
    out
}

impl TerminalGame for FourRowGame {
    fn side(&self, p: Player) -> String {
        let holes = ranges(holes_of(self, p));
        match p.index() {
            0 => format!("the two rows at the bottom, holes {holes}"),
            _ => format!("the two rows at the top, holes {holes}"),
        }
    }

    /// The board, with an arrow at the player to move while the game goes
    /// on.
    fn draw(&self, names: &Names) -> String {
        let to_move = match self.result() {
            None => Some(self.player_to_move()),
            Some(_) => None,
        };
        board(self, names, to_move)
    }

    fn how_to_move(&self, p: Player) -> String {
        let mut text = format!(
            "type the number of one of your holes ({}) to sow it counter-clockwise, round \
             your own two rows (up the hole numbers)",
            ranges(holes_of(self, p))
        );
        if self.rules().clockwise {
            text.push_str("; `N cw` sows hole N clockwise where the rules allow it");
        }
        if self.rules().hand > 0 {
            text.push_str("; while you hold seeds in hand, `place N` puts one into hole N");
        }
        text + "; `pass` when you have no move and the game goes on."
    }

    /// The holes to sow (and clockwise, and to place into), or `pass`.
    fn choices(&self, p: Player) -> String {
        let mut sow = Vec::new();
        let mut clockwise = Vec::new();
        let mut place = Vec::new();
        let mut parts = Vec::new();
        for action in self.legal_actions(p) {
            match action {
                FourRowAction::Sow(pit) => sow.push(pit),
                FourRowAction::SowClockwise(pit) => clockwise.push(pit),
                FourRowAction::Place(pit) => place.push(pit),
                FourRowAction::Pass => parts.push("pass".to_string()),
            }
        }
        let listed = |pits: &[Pit]| pits.iter().map(ToString::to_string).collect::<Vec<_>>();
        if !place.is_empty() {
            parts.insert(0, format!("place into {}", listed(&place).join(" ")));
        }
        if !clockwise.is_empty() {
            parts.insert(0, format!("clockwise {}", listed(&clockwise).join(" ")));
        }
        match sow.as_slice() {
            [] => {}
            [one] => parts.insert(0, format!("hole {one}")),
            _ => parts.insert(0, format!("holes {}", listed(&sow).join(" "))),
        }
        if parts.is_empty() {
            "no move".into()
        } else {
            parts.join(", ")
        }
    }

    fn say(&self, action: &FourRowAction) -> String {
        match *action {
            FourRowAction::Sow(pit) => say_hole(pit),
            FourRowAction::SowClockwise(pit) => format!("hole {pit} clockwise"),
            FourRowAction::Place(pit) => format!("place into hole {pit}"),
            FourRowAction::Pass => "pass".into(),
        }
    }

    /// The action, the laps and the seeds taken.
    fn describe(&self, turn: &FourRowTurn, names: &Names) -> String {
        let who = names.cap(turn.mover);
        let mut text = match turn.action {
            FourRowAction::Sow(pit) => format!("{who} sows hole {pit}"),
            FourRowAction::SowClockwise(pit) => format!("{who} sows hole {pit} clockwise"),
            FourRowAction::Place(pit) => format!("{who} places a seed into hole {pit}"),
            FourRowAction::Pass => format!("{who} passes"),
        };
        if turn.laps > 1 {
            text.push_str(&format!(" ({} laps)", turn.laps));
        }
        if turn.captured > 0 {
            text.push_str(&format!("; {} taken", count(turn.captured, "seed")));
        }
        text + "."
    }

    fn ending(&self, _before: &FourRowGame, _mv: &FourRowAction, names: &Names) -> Ending {
        ending_with(
            self,
            names,
            (board(self, names, None), "the game is over"),
            ("Scores", &|p| u64::from(self.score(p))),
        )
    }
}
