//! [`Canvas`]: a grid of characters for drawing boards as text (public as
//! `notation::Canvas`).

use alloc::string::String;
use alloc::vec::Vec;

/// A grid of characters that a board's drawing writes its labels into,
/// rendered line by line with trailing spaces trimmed (Robertson's shaped
/// boards, the command's tables).
///
/// # Examples
///
/// ```
/// use mancala_core::notation::Canvas;
///
/// let mut canvas = Canvas::new(6, 2);
/// canvas.write(1, 0, "(3)");
/// canvas.write(4, 1, "12345"); // what falls off the grid is dropped
/// assert_eq!(canvas.render(), " (3)\n    12\n");
/// ```
#[derive(Clone, Debug)]
pub struct Canvas {
    rows: Vec<Vec<char>>,
}

impl Canvas {
    /// A blank grid of `height` lines of `width` columns.
    pub fn new(width: usize, height: usize) -> Canvas {
        Canvas {
            rows: alloc::vec![alloc::vec![' '; width]; height],
        }
    }

    /// Writes `text` on line `y` from column `x` on; what falls off the
    /// grid is dropped.
    pub fn write(&mut self, x: usize, y: usize, text: &str) {
        let Some(line) = self.rows.get_mut(y) else {
            return;
        };
        for (slot, c) in line.iter_mut().skip(x).zip(text.chars()) {
            *slot = c;
        }
    }

    /// The lines, each with its trailing spaces trimmed and a newline.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for line in &self.rows {
            let s: String = line.iter().collect();
            out.push_str(s.trim_end());
            out.push('\n');
        }
        out
    }
}
