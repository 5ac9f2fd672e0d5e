//! Text drawings of the boards, shaped like the boards themselves.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use mancala_core::Game;
use mancala_core::notation::Canvas;

use crate::{Robertson, Shape};

/// The corners of a shape's outline (x right, y down), in counter-clockwise
/// order as the board is seen: row `r` runs from corner `r` to corner `r + 1`.
fn corners(shape: Shape) -> &'static [(i64, i64)] {
    match shape {
        // Row 0 along the bottom, row 1 back along the top.
        Shape::TwoRow => &[(0, 2), (42, 2), (42, 0), (0, 0)],
        Shape::Triangle => &[(2, 14), (58, 14), (30, 0)],
        Shape::Hexagon => &[(20, 20), (52, 20), (70, 10), (52, 0), (20, 0), (2, 10)],
    }
}

impl Robertson {
    /// The board drawn as it looks: two rows, a triangle or a hexagon of
    /// counts, each row going counter-clockwise, followed by each player's
    /// rows, captures, honours and score, and whose turn it is. The same as
    /// `format!("{game:#}")`.
    ///
    /// # Examples
    ///
    /// ```
    /// use robertson::{Options, Robertson};
    ///
    /// let drawing = Robertson::new(Options::triangle())?.drawing();
    /// assert!(drawing.contains("player 2"));
    /// // A triangle: the apex line is shorter than the base line.
    /// let lines: Vec<&str> = drawing.lines().collect();
    /// assert!(lines[0].trim().len() < lines[14].trim().len());
    /// # Ok::<(), robertson::OptionsError>(())
    /// ```
    pub fn drawing(&self) -> String {
        let shape = self.options.shape;
        let corners = corners(shape);
        let (width, height) = corners
            .iter()
            .fold((0, 0), |(w, h), &(x, y)| (w.max(x), h.max(y)));
        let mut canvas = Canvas::new(width as usize + 4, height as usize + 1);
        let holes = self.board().holes();
        let row_len = self.topology().row_len();
        for (r, &(x0, y0)) in corners.iter().enumerate().take(shape.rows()) {
            let (x1, y1) = if shape == Shape::TwoRow {
                // The top row starts above the bottom row's end.
                if r == 0 { corners[1] } else { corners[3] }
            } else {
                corners[(r + 1) % corners.len()]
            };
            let (x0, y0) = if shape == Shape::TwoRow && r == 1 {
                corners[2]
            } else {
                (x0, y0)
            };
            let n = row_len as i64;
            for k in 0..row_len {
                let t = k as i64 + 1;
                let (x, y) = if shape == Shape::TwoRow {
                    (x0 + (x1 - x0) * (2 * t - 1) / (2 * n), y0)
                } else {
                    (
                        (x0 * (n + 1 - t) + x1 * t) / (n + 1),
                        (y0 * (n + 1 - t) + y1 * t + n / 2) / (n + 1),
                    )
                };
                let count = holes.get(r * row_len + k).copied().unwrap_or(0);
                let mut label = String::new();
                let _ = write!(label, "{count}");
                // Centred on its column.
                let x = (x.max(0) as usize + 1).saturating_sub(label.chars().count() / 2);
                canvas.write(x, y.max(0) as usize, &label);
            }
        }
        let mut out = canvas.render();
        let captured = self.captured();
        let honours = self.honours();
        let scores = self.scores();
        for (p, score) in scores.iter() {
            let rows: Vec<String> = self
                .options
                .row_owners()
                .iter()
                .enumerate()
                .filter(|(_, o)| **o == p)
                .map(|(r, _)| alloc::format!("{r}"))
                .collect();
            let _ = writeln!(
                out,
                "{p}: row{} {}, captured {}, honours {}, score {score}{}",
                if rows.len() == 1 { "" } else { "s" },
                rows.join(", "),
                captured[p],
                honours[p],
                if self.to_move() == Some(p) {
                    "  <- to move"
                } else {
                    ""
                },
            );
        }
        out
    }
}
