//! Numa at the table: the grid with its coloured edges and a key to the
//! pieces, choices read in full or short (`pe-r+sq-b`, `3r+2b`), turns
//! described piece by piece.

use mancala_core::{Game, Outcome, Player};
use numa::{JointMove, Numa, SIZE, Shape, TurnReport};

use super::terminal_game::{Ending, TerminalGame};
use super::text::{Names, and_list};

/// The grid, its edges named by colour and direction, then the key to the
/// pieces and the scores.
fn grid(game: &Numa, names: &Names) -> String {
    let cells: Vec<Vec<String>> = (1..=SIZE)
        .rev()
        .map(|y| {
            (1..=SIZE)
                .map(|x| {
                    let here: Vec<&str> = Shape::ALL
                        .into_iter()
                        .map(|s| (s, game.piece(s)))
                        .filter(|(_, p)| p.square.x() == x && p.square.y() == y)
                        .map(|(s, p)| p.face.numeral(s))
                        .collect();
                    if here.is_empty() {
                        ".".into()
                    } else {
                        here.join("/")
                    }
                })
                .collect()
        })
        .collect();
    let width = cells
        .iter()
        .flatten()
        .map(|c| c.len() + 2)
        .max()
        .unwrap_or(0)
        .max(7);
    let inner = width * usize::from(SIZE);
    let centred = |text: &str| format!("{:>8}{text:^inner$}", "");
    let columns: String = (1..=SIZE).map(|x| format!("{x:^width$}")).collect();
    let rule = format!("{:>8}+{}+", "", "-".repeat(inner));
    let mut out = String::new();
    out.push_str(&centred("yellow: north"));
    out.push('\n');
    out.push_str(&format!("{:>8} {columns}\n", ""));
    out.push_str(&rule);
    out.push('\n');
    for (row, y) in cells.iter().zip((1..=SIZE).rev()) {
        let (left, right) = match y {
            3 => ("green", "red"),
            2 => ("west", "east"),
            _ => ("", ""),
        };
        let line: String = row.iter().map(|c| format!("{c:^width$}")).collect();
        out.push_str(&format!("{left:<6}{y} |{line}| {y} {right}\n"));
    }
    out.push_str(&rule);
    out.push('\n');
    out.push_str(&format!("{:>8} {columns}\n", ""));
    out.push_str(&centred("blue: south"));
    out.push('\n');
    out.push_str(
        "  Pieces: triangle 1/I, square 2/II, pentagon 3/III, circle 4/IV. Face up,\n  \
         1 2 3 4 score for Arabic and I II III IV for Roman. Squares are (x,y).\n",
    );
    let [a, r] = game.points();
    out.push_str(&format!(
        "  {} {a}, {} {r}; the first to {} with more points wins.",
        names.of(Player::P0),
        names.of(Player::P1),
        game.options().target
    ));
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

impl TerminalGame for Numa {
    fn seat_names(&self) -> Vec<String> {
        vec!["Arabic".into(), "Roman".into()]
    }

    fn side(&self, p: Player) -> String {
        if p == Player::P0 {
            "the Arabic numerals, 1 2 3 4".into()
        } else {
            "the Roman numerals, I II III IV".into()
        }
    }

    fn draw(&self, names: &Names) -> String {
        grid(self, names)
    }

    fn how_to_move(&self, _p: Player) -> String {
        "type two instructions joined by +, each a piece and a colour: pentagon-red+square-blue, \
         or short, p-r+s-b or 3r+2b (pieces by name, first letters or number; colours by \
         name or first letter; case and spaces do not matter)."
            .into()
    }

    fn choices(&self, _p: Player) -> String {
        "e.g. p-r+s-b".into()
    }

    fn describe(&self, report: &TurnReport, names: &Names) -> String {
        let moved: Vec<String> = report
            .paths
            .iter()
            .filter(|path| !path.steps.is_empty())
            .map(|path| {
                let mut text = format!("{} {}", path.shape.name(), path.from);
                for step in &path.steps {
                    text.push_str(&format!(" -> {step}"));
                }
                text.push_str(&format!(" shows {}", path.face.numeral(path.shape)));
                text
            })
            .collect();
        let mut text = format!("Moves: {}.", moved.join("; "));
        if report.pairs.is_empty() {
            text.push_str(" No points.");
        } else {
            let pairs: Vec<String> = report
                .pairs
                .iter()
                .map(|p| {
                    format!(
                        "{} and {} touch: {}+{} = {} for {}",
                        p.shapes[0].name(),
                        p.shapes[1].name(),
                        p.face.numeral(p.shapes[0]),
                        p.face.numeral(p.shapes[1]),
                        p.points,
                        names.of(p.face.player())
                    )
                })
                .collect();
            text.push_str(&format!(" Points: {}.", pairs.join("; ")));
        }
        text
    }

    fn ending(&self, _before: &Numa, _mv: &JointMove, names: &Names) -> Ending {
        let [a, r] = self.points();
        let target = self.options().target;
        let reason = match self.outcome() {
            Some(Outcome::Winner(w)) if a.min(r) >= target => format!(
                "both have passed the target of {target}, and {} has more",
                names.of(w)
            ),
            Some(Outcome::Winner(w)) => format!(
                "{} has reached the target of {target} with more points",
                names.of(w)
            ),
            _ => "both reached the highest score the game counts, level".into(),
        };
        Ending {
            board: grid(self, names),
            reason,
            count: format!(
                "Final score: {}.",
                and_list(&[
                    format!("{} {a}", names.of(Player::P0)),
                    format!("{} {r}", names.of(Player::P1)),
                ])
            ),
        }
    }
}
