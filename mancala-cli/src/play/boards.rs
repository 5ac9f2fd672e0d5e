//! Board drawings with every hole's number: two rows (oware, Kalah,
//! Numercy, Mankka, Robertson's two-row board), and Robertson's triangle
//! and hexagon drawn as they look.

use std::fmt::Write as _;

use mancala_core::Player;

use super::text::{Align, Canvas};

/// Columns a hole takes on a two-row board.
const CELL: usize = 5;
/// Columns before the first hole (room for a store).
const MARGIN: usize = 8;
/// The most files drawn side by side: 14 fit in 78 columns (longer rows
/// are drawn in bands of this many files).
const BAND_FILES: usize = (super::text::WIDTH - MARGIN) / CELL;

/// A two-row board as drawn: South's row (holes `0..n`) at the bottom, left
/// to right; North's (`n..2n`) at the top, right to left, so that each
/// file's two holes stand one above the other. Each row has its numbers on
/// the outside. Rows longer than 14 holes are drawn in bands of 14 files,
/// one under the other.
pub(crate) struct TwoRow<'a> {
    /// The holes, `2n` counts in canonical order.
    pub(crate) holes: &'a [u16],
    /// A row drawn between the two, one entry a file from South's left
    /// (Numercy's operators).
    pub(crate) middle: Option<Vec<String>>,
    /// Stores drawn at the ends, North's on the left and South's on the
    /// right (Kalah, whose seeds are sown into them).
    pub(crate) stores: Option<[u16; 2]>,
    /// The line above the board (North's name and counts).
    pub(crate) top: String,
    /// The line below it (South's).
    pub(crate) bottom: String,
}

impl<'a> TwoRow<'a> {
    /// Two rows of `holes` with neither stores nor a middle row, each
    /// player's line (North's above, South's below) written by `line`.
    pub(crate) fn new(holes: &'a [u16], line: impl Fn(Player) -> String) -> TwoRow<'a> {
        TwoRow {
            holes,
            middle: None,
            stores: None,
            top: line(Player::P1),
            bottom: line(Player::P0),
        }
    }

    pub(crate) fn draw(&self) -> String {
        let n = self.holes.len() / 2;
        let mut out = String::new();
        let cells = |items: &mut dyn Iterator<Item = String>| -> String {
            let mut line = " ".repeat(MARGIN);
            for item in items {
                let _ = write!(line, "{item:>CELL$}");
            }
            line
        };
        let count = |i: usize| self.holes.get(i).copied().unwrap_or(0).to_string();
        let _ = writeln!(out, "  {}", self.top);
        // Long rows (En Gehe's 40) are drawn in bands of files that fit the
        // width, left to right, one under the other.
        let files: Vec<usize> = (0..n).collect();
        for (band, files) in files.chunks(BAND_FILES).enumerate() {
            if band > 0 {
                out.push('\n');
            }
            // File `f` holds South's hole `f` and North's `2n - 1 - f`.
            let north = |f: &usize| 2 * n - 1 - f;
            let _ = writeln!(
                out,
                "{}",
                cells(&mut files.iter().map(|f| format!("({})", north(f))))
            );
            let _ = writeln!(out, "{}", cells(&mut files.iter().map(|f| count(north(f)))));
            match (&self.stores, &self.middle) {
                (Some([south, north]), _) if band == 0 => {
                    let width = MARGIN + CELL * files.len();
                    let _ = writeln!(out, "  [{north:>3}]{}[{south:>3}]", " ".repeat(width - 5));
                }
                (None, Some(middle)) => {
                    let _ = writeln!(
                        out,
                        "{}",
                        cells(&mut files.iter().filter_map(|&f| middle.get(f).cloned()))
                    );
                }
                _ => {}
            }
            let _ = writeln!(out, "{}", cells(&mut files.iter().map(|&f| count(f))));
            let _ = writeln!(
                out,
                "{}",
                cells(&mut files.iter().map(|f| format!("({f})")))
            );
        }
        let _ = write!(out, "  {}", self.bottom);
        out
    }
}

/// Where a row of Robertson's multi-row boards runs: the start and end
/// corners (x right, y down) and on which side its hole numbers go.
struct Side {
    from: (i64, i64),
    to: (i64, i64),
    label: Align,
    /// Numbers above (`-1`) or below (`1`) the counts instead of beside.
    vertical: i64,
}

impl Side {
    /// A row from corner `from` to corner `to`, its numbers on the side
    /// `label` says, or above or below it (`vertical`).
    const fn new(from: (i64, i64), to: (i64, i64), label: Align, vertical: i64) -> Side {
        Side {
            from,
            to,
            label,
            vertical,
        }
    }
}

/// The rows of a triangle, counter-clockwise as seen: bottom (left to
/// right), right side (up), left side (down). Side holes sit one line
/// apart.
fn triangle() -> Vec<Side> {
    let (bl, br, apex) = ((6, 8), (58, 8), (32, 1));
    vec![
        Side::new(bl, br, Align::Centre, 1),
        Side::new(br, apex, Align::Left, 0),
        Side::new(apex, bl, Align::Right, 0),
    ]
}

/// The rows of a hexagon, counter-clockwise as seen: bottom (left to
/// right), lower right and upper right sides (up), top (right to left),
/// upper left and lower left sides (down).
fn hexagon() -> Vec<Side> {
    let (bl, br, r, tr, tl, l) = ((20, 15), (58, 15), (72, 8), (58, 1), (20, 1), (6, 8));
    vec![
        Side::new(bl, br, Align::Centre, 1),
        Side::new(br, r, Align::Left, 0),
        Side::new(r, tr, Align::Left, 0),
        Side::new(tr, tl, Align::Centre, -1),
        Side::new(tl, l, Align::Right, 0),
        Side::new(l, bl, Align::Right, 0),
    ]
}

/// Robertson's triangle (3 rows) or hexagon (6 rows) of `row_len` holes a
/// row, each hole's count with its number outside the board.
pub(crate) fn ring(holes: &[u16], row_len: usize) -> String {
    let rows = holes.len() / row_len.max(1);
    let sides = if rows == 3 { triangle() } else { hexagon() };
    let height = sides
        .iter()
        .map(|s| s.from.1.max(s.to.1))
        .max()
        .unwrap_or(0)
        + 2;
    let mut canvas = Canvas::new(84, usize::try_from(height).unwrap_or(0));
    let n = row_len as i64;
    for (r, side) in sides.iter().enumerate() {
        let ((x0, y0), (x1, y1)) = (side.from, side.to);
        for k in 0..row_len {
            let t = k as i64 + 1;
            // Evenly spaced between the corners, which hold no hole.
            let x = (x0 * (n + 1 - t) + x1 * t) / (n + 1);
            let y = (y0 * (n + 1 - t) + y1 * t + n / 2) / (n + 1);
            let (x, y) = (x.max(0) as usize, y.max(0) as usize);
            let index = r * row_len + k;
            let count = holes.get(index).copied().unwrap_or(0).to_string();
            let number = format!("({index})");
            match side.label {
                Align::Centre => {
                    canvas.put(x, y, &count, Align::Centre);
                    let ly = (y as i64 + side.vertical).max(0) as usize;
                    canvas.put(x, ly, &number, Align::Centre);
                }
                Align::Left => {
                    canvas.put(x, y, &count, Align::Right);
                    canvas.put(x + 2, y, &number, Align::Left);
                }
                Align::Right => {
                    canvas.put(x, y, &count, Align::Left);
                    canvas.put(x.saturating_sub(2), y, &number, Align::Right);
                }
            }
        }
    }
    // Only the lines drawn on (the hexagon's corner lines hold no hole).
    let mut out = String::new();
    for line in canvas.render().lines().filter(|l| !l.is_empty()) {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Where row `r` of a Robertson board of `rows` rows lies, in words.
pub(crate) fn row_place(rows: usize, r: usize) -> &'static str {
    match (rows, r) {
        (2 | 3 | 6, 0) => "the bottom row",
        (2, 1) | (6, 3) => "the top row",
        (3, 1) => "the right side",
        (3, 2) => "the left side",
        (6, 1) => "the lower right side",
        (6, 2) => "the upper right side",
        (6, 4) => "the upper left side",
        (6, 5) => "the lower left side",
        _ => "a row",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hole_number_is_drawn_once() {
        for rows in [3, 6] {
            let holes: Vec<u16> = (0..rows * 6).map(|i| 100 + i as u16).collect();
            let drawing = ring(&holes, 6);
            for i in 0..rows * 6 {
                assert_eq!(
                    drawing.matches(&format!("({i})")).count(),
                    1,
                    "{i}:\n{drawing}"
                );
                assert_eq!(
                    drawing.matches(&format!("{}", 100 + i)).count(),
                    1,
                    "{i}:\n{drawing}"
                );
            }
        }
        let two = TwoRow {
            holes: &[4; 12],
            middle: None,
            stores: Some([1, 2]),
            top: "North".into(),
            bottom: "South".into(),
        }
        .draw();
        for i in 0..12 {
            assert_eq!(two.matches(&format!("({i})")).count(), 1, "{two}");
        }
        assert!(two.contains("[  2]") && two.contains("[  1]"), "{two}");
    }
}
