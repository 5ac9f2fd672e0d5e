//! Words and layout shared by every game's table: player names, wrapping,
//! lists of holes, and a character canvas for the boards.

use mancala_core::{Pit, Player};

/// The width reports and messages are wrapped to.
pub(crate) const WIDTH: usize = 78;

/// Who sits where: each seat's name (one set of names for the board, the
/// prompts, the reports and the result) and whether a human or the computer
/// plays it.
#[derive(Clone, Debug)]
pub(crate) struct Names {
    plain: Vec<String>,
    human: Vec<bool>,
}

impl Names {
    /// The seats named `plain`, `human[i]` telling who plays seat `i`.
    pub(crate) fn new(plain: Vec<String>, human: Vec<bool>) -> Names {
        Names { plain, human }
    }

    /// The seat's name alone: `South`, `Arabic`, `player 2`.
    pub(crate) fn plain(&self, p: Player) -> &str {
        self.plain.get(p.index()).map_or("?", String::as_str)
    }

    /// The seat's name with who plays it when humans and the computer share
    /// the game: `South (you)`, `North (computer)`; the plain name when all
    /// seats are human or all are the computer's.
    pub(crate) fn of(&self, p: Player) -> String {
        let mixed = self.human.iter().any(|&h| h) && self.human.iter().any(|&h| !h);
        let plain = self.plain(p);
        if !mixed {
            return plain.to_string();
        }
        if self.is_human(p) {
            format!("{plain} (you)")
        } else {
            format!("{plain} (computer)")
        }
    }

    /// [`of`](Names::of) with a capital first letter, to open a sentence.
    pub(crate) fn cap(&self, p: Player) -> String {
        capital(&self.of(p))
    }

    /// Whether a human plays `p`.
    pub(crate) fn is_human(&self, p: Player) -> bool {
        self.human.get(p.index()).copied().unwrap_or(false)
    }

    /// Every seat, in turn order.
    pub(crate) fn players(&self) -> impl Iterator<Item = Player> + '_ {
        (0..self.plain.len()).filter_map(Player::new)
    }

    /// A library message with its players (`player 1`) called by their
    /// names here (`North`).
    pub(crate) fn rename(&self, text: &str) -> String {
        let mut out = text.to_string();
        for p in self.players() {
            out = out.replace(&p.to_string(), self.plain(p));
        }
        out
    }
}

/// `text` with its first letter capitalised.
pub(crate) fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `text` wrapped at [`WIDTH`] columns, breaking only at spaces; every line
/// after the first starts with `indent` spaces. A word longer than a line
/// stands alone on its line.
pub(crate) fn wrap(text: &str, indent: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let room = if out.is_empty() {
            WIDTH
        } else {
            WIDTH - indent
        };
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > room {
            push_line(&mut out, &line, indent);
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        push_line(&mut out, &line, indent);
    }
    out
}

fn push_line(out: &mut String, line: &str, indent: usize) {
    if !out.is_empty() {
        out.push('\n');
        out.push_str(&" ".repeat(indent));
    }
    out.push_str(line);
}

/// Hole numbers as ranges: `0 to 5`, `0 to 5, 12 to 17`, `3`.
pub(crate) fn ranges(pits: impl IntoIterator<Item = Pit>) -> String {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for i in pits.into_iter().map(Pit::index) {
        match spans.last_mut() {
            Some((_, end)) if *end + 1 == i => *end = i,
            _ => spans.push((i, i)),
        }
    }
    let parts: Vec<String> = spans
        .iter()
        .map(|&(a, b)| match b - a {
            0 => a.to_string(),
            1 => format!("{a}, {b}"),
            _ => format!("{a} to {b}"),
        })
        .collect();
    parts.join(", ")
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `1 seed`, `2 seeds`.
pub(crate) fn count(n: impl Into<u64>, word: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A grid of characters to write labels into, aligned on their columns,
/// rendered with trailing spaces trimmed.
pub(crate) struct Canvas(mancala_core::notation::Canvas);

/// Where a label goes relative to its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    /// Ending at the column.
    Right,
    /// Centred on it.
    Centre,
    /// Starting at it.
    Left,
}

impl Canvas {
    pub(crate) fn new(width: usize, height: usize) -> Canvas {
        Canvas(mancala_core::notation::Canvas::new(width, height))
    }

    /// Writes `text` on line `y` at column `x`, aligned as asked; what falls
    /// off the canvas is dropped.
    pub(crate) fn put(&mut self, x: usize, y: usize, text: &str, align: Align) {
        let len = text.chars().count();
        let start = match align {
            Align::Left => x,
            Align::Centre => x.saturating_sub(len.saturating_sub(1) / 2),
            Align::Right => (x + 1).saturating_sub(len),
        };
        self.0.write(start, y, text);
    }

    pub(crate) fn render(&self) -> String {
        self.0.render()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_at_spaces_and_indents() {
        let text = "word ".repeat(40);
        let wrapped = wrap(&text, 4);
        for (i, line) in wrapped.lines().enumerate() {
            assert!(line.chars().count() <= WIDTH, "{line}");
            if i > 0 {
                assert!(line.starts_with("    word"), "{line}");
            }
        }
        assert_eq!(wrapped.split_whitespace().count(), 40);
        assert_eq!(wrap("short", 2), "short");
        assert_eq!(wrap("", 2), "");
    }

    #[test]
    fn hole_ranges() {
        let pits = |v: &[usize]| v.iter().filter_map(|&i| Pit::new(i)).collect::<Vec<_>>();
        assert_eq!(ranges(pits(&[0, 1, 2, 3, 4, 5])), "0 to 5");
        assert_eq!(
            ranges(pits(&[0, 1, 2, 12, 13, 14, 7])),
            "0 to 2, 12 to 14, 7"
        );
        assert_eq!(ranges(pits(&[3, 4])), "3, 4");
        assert_eq!(ranges(pits(&[])), "");
    }

    #[test]
    fn names_rename_library_messages() {
        let names = Names::new(vec!["South".into(), "North".into()], vec![true, false]);
        assert_eq!(
            names.rename("hole 8 belongs to player 1, not to player 0"),
            "hole 8 belongs to North, not to South"
        );
        assert_eq!(names.of(Player::P0), "South (you)");
        assert_eq!(names.of(Player::P1), "North (computer)");
        let all = Names::new(vec!["South".into(), "North".into()], vec![true, true]);
        assert_eq!(all.of(Player::P1), "North");
        assert_eq!(
            and_list(&["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }
}
