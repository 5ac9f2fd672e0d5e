//! Moves as a person types them ([`Registered::read_typed`]): a hole as
//! `3`, `h3` or `hole 3`, `pass` in any case, Mankka's placements as six
//! counts, Numa's choices in full or short (`pe-r+sq-b`, `3r+2b`). The
//! `mancala play` table, the engine protocol and the web page read moves
//! this way.

use mancala_core::Pit;
use mancala_core::four_rows::FourRowAction;
use mancala_core::rounds::RoundAction;
use mankka::{Placement, SIDE};
use numa::{Choice, Colour, Instruction, Shape};

#[cfg(doc)]
use super::Registered;

/// What a human typed, quoted back in a message: trimmed, control
/// characters escaped, cut after 40 characters, between backquotes.
fn quoted(text: &str) -> String {
    let shown: String = text.trim().escape_debug().collect();
    let mut cut: String = shown.chars().take(40).collect();
    if cut.len() < shown.len() {
        cut.push_str("...");
    }
    format!("`{cut}`")
}

/// `1 count`, `3 counts`.
fn count(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Reads a hole number as typed: `3`, ` 3 `, `hole 3`, `H3`.
pub(super) fn read_hole(text: &str) -> Result<Pit, String> {
    let lower = text.trim().to_lowercase();
    let digits = lower
        .strip_prefix("hole")
        .or_else(|| lower.strip_prefix('h'))
        .unwrap_or(&lower)
        .trim();
    digits
        .parse::<usize>()
        .ok()
        .and_then(Pit::new)
        .ok_or_else(|| format!("{} is not a hole number", quoted(text)))
}

/// Reads `pass` (any case, spaces around it dropped) as `None`, else a
/// hole number ([`read_hole`]).
pub(super) fn read_pass_or_hole(text: &str) -> Result<Option<Pit>, String> {
    if text.trim().eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    read_hole(text).map(Some)
}

/// Reads a placement as typed: six counts joined by `+` (`1+1+1+1+1+1`),
/// commas or spaces, or six digits together (`000006`).
///
/// # Errors
///
/// What is wrong, with the form to use.
pub(super) fn read_placement(text: &str) -> Result<Placement, String> {
    let form = "a placement is six counts, one for each of your holes from your left, \
                joined by + (e.g. 1+1+1+1+1+1 or 0+2+0+0+4+0)";
    let parts: Vec<&str> = text
        .split(|c: char| c == '+' || c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    let counts: Vec<u16> = match parts.as_slice() {
        [digits] if digits.len() == SIDE && digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.bytes().map(|b| u16::from(b - b'0')).collect()
        }
        _ => parts
            .iter()
            .map(|p| p.parse::<u16>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("{}: {form}", quoted(text)))?,
    };
    let counts: [u16; SIDE] = counts
        .try_into()
        .map_err(|c: Vec<u16>| format!("{} given: {form}", count(c.len() as u64, "count")))?;
    Ok(Placement::new(counts))
}

/// A piece as typed: its name or the start of it (`pentagon`, `pe`, `p`),
/// or its number (`3` or `iii`).
fn read_shape(text: &str) -> Option<Shape> {
    match text {
        "1" | "i" => Some(Shape::Triangle),
        "2" | "ii" => Some(Shape::Square),
        "3" | "iii" => Some(Shape::Pentagon),
        "4" | "iv" => Some(Shape::Circle),
        "" => None,
        _ => Shape::ALL.into_iter().find(|s| s.name().starts_with(text)),
    }
}

/// A colour as typed: its name or the start of it (`red`, `r`).
fn read_colour(text: &str) -> Option<Colour> {
    if text.is_empty() {
        return None;
    }
    Colour::ALL.into_iter().find(|c| c.name().starts_with(text))
}

const PIECES: &str = "triangle, square, pentagon, circle: a name, its first letters, or its \
                      number 1 to 4";
const COLOURS: &str = "yellow, red, blue, green, or their first letters";

/// One instruction as typed, lowercased: piece and colour separated by `-`
/// or spaces (`pentagon-red`, `p r`), or run together (`pr`, `3r`).
fn read_instruction(text: &str) -> Result<Instruction, String> {
    let tokens: Vec<&str> = text
        .split(|c: char| c == '-' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    match tokens.as_slice() {
        [shape, colour] => {
            let shape = read_shape(shape)
                .ok_or_else(|| format!("unknown piece {} ({PIECES})", quoted(shape)))?;
            let colour = read_colour(colour)
                .ok_or_else(|| format!("unknown colour {} ({COLOURS})", quoted(colour)))?;
            Ok(Instruction { shape, colour })
        }
        [word] => {
            // Run together: the one split into a piece and a colour.
            let splits: Vec<Instruction> = word
                .char_indices()
                .skip(1)
                .filter_map(|(i, _)| {
                    let (s, c) = word.split_at(i);
                    Some(Instruction {
                        shape: read_shape(s)?,
                        colour: read_colour(c)?,
                    })
                })
                .collect();
            match splits.as_slice() {
                [one] => Ok(*one),
                _ => Err(format!(
                    "{} is not a piece and a colour (pieces: {PIECES}; colours: {COLOURS})",
                    quoted(word)
                )),
            }
        }
        _ => Err(format!(
            "{} is not one piece and one colour, like pentagon-red or p-r",
            quoted(text)
        )),
    }
}

/// A choice as typed: two instructions joined by `+` (or `,`), in any case
/// and spacing, in full or short: `pentagon-red+square-blue`,
/// `Pentagon Red + Square Blue`, `pe-r+sq-b`, `p-r+s-b`, `3r+2b`.
///
/// # Errors
///
/// What is wrong, in words.
pub(super) fn read_choice(text: &str) -> Result<Choice, String> {
    let lower = text.to_lowercase();
    let parts: Vec<&str> = lower
        .split(['+', ','])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let [a, b] = parts.as_slice() else {
        return Err(format!(
            "{}: a choice is two instructions joined by +, like pentagon-red+square-blue \
             or p-r+s-b",
            quoted(text)
        ));
    };
    Choice::new(read_instruction(a)?, read_instruction(b)?).map_err(|e| e.to_string())
}

/// A sowing move as typed: `pass`, or a hole ([`read_pass_or_hole`]).
pub(super) fn read_sowing(text: &str) -> Result<mancala_core::Move, String> {
    Ok(read_pass_or_hole(text)?.map_or(mancala_core::Move::Pass, mancala_core::Move::Sow))
}

/// A round game's action as typed: `relay`, `capture`, `fill` and a hole
/// (`fill:3` as the game writes it, `fill 3`, `fill h3`), `pass`, or a hole ([`read_pass_or_hole`]), any
/// case; a hole alone is a fill while `refilling`, else a sowing.
pub(super) fn read_round_action(text: &str, refilling: bool) -> Result<RoundAction, String> {
    let lower = text.trim().to_lowercase();
    match lower.as_str() {
        "relay" => return Ok(RoundAction::Relay),
        "capture" => return Ok(RoundAction::Capture),
        _ => {}
    }
    if let Some(hole) = lower.strip_prefix("fill") {
        let hole = hole.trim_start().strip_prefix(':').unwrap_or(hole);
        return read_hole(hole).map(RoundAction::Fill);
    }
    Ok(match read_pass_or_hole(&lower) {
        Ok(None) => RoundAction::Pass,
        Ok(Some(pit)) if refilling => RoundAction::Fill(pit),
        Ok(Some(pit)) => RoundAction::Sow(pit),
        Err(_) => {
            return Err(format!(
                "{} is not a hole number, `fill:N`, `relay`, `capture` or `pass`",
                quoted(text)
            ));
        }
    })
}

/// A four-row game's action as typed, any case: `pass`, `place` and a
/// hole (`place 5`, `place:5`), a hole and `cw` (`5 cw`, `5:cw`), or a
/// hole alone ([`read_hole`]), sown counter-clockwise.
pub(super) fn read_four_row_action(text: &str) -> Result<FourRowAction, String> {
    let lower = text.trim().to_lowercase();
    let refused = || {
        format!(
            "{} is not a hole number, `N cw`, `place N` or `pass`",
            quoted(text)
        )
    };
    if let Some(hole) = lower.strip_prefix("place") {
        let hole = hole.trim_start().strip_prefix(':').unwrap_or(hole);
        return read_hole(hole)
            .map(FourRowAction::Place)
            .map_err(|_| refused());
    }
    if let Some(hole) = lower.strip_suffix("cw") {
        let hole = hole.trim_end();
        let hole = hole.strip_suffix(':').unwrap_or(hole);
        return read_hole(hole)
            .map(FourRowAction::SowClockwise)
            .map_err(|_| refused());
    }
    match read_pass_or_hole(&lower) {
        Ok(None) => Ok(FourRowAction::Pass),
        Ok(Some(pit)) => Ok(FourRowAction::Sow(pit)),
        Err(_) => Err(refused()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_read_forgivingly() {
        assert_eq!(read_hole(" 3 ").map(Pit::index), Ok(3));
        assert_eq!(read_hole("Hole 11").map(Pit::index), Ok(11));
        assert_eq!(read_hole("h2").map(Pit::index), Ok(2));
        assert!(read_hole("three").is_err());
        assert!(read_hole("").is_err());
        assert!(read_hole("-1").is_err());
        assert!(read_hole("99999999999999999999").is_err());
    }

    #[test]
    fn placements_are_read_forgivingly() {
        let six = Placement::new([0, 0, 0, 0, 0, 6]);
        for text in [
            "0+0+0+0+0+6",
            " 0 + 0 + 0 + 0 + 0 + 6 ",
            "0,0,0,0,0,6",
            "0 0 0 0 0 6",
            "000006",
        ] {
            assert_eq!(read_placement(text), Ok(six), "{text}");
        }
        assert!(
            read_placement("1+1")
                .unwrap_err()
                .contains("2 counts given")
        );
        assert!(read_placement("a+b+c+d+e+f").is_err());
        assert!(read_placement("").is_err());
        assert!(read_placement("99999+0+0+0+0+0").is_err());
    }

    #[test]
    fn choices_are_read_in_any_case_spacing_and_length() {
        let full: Choice = "pentagon-red+square-blue".parse().expect("valid");
        for text in [
            "pentagon-red+square-blue",
            "PENTAGON-RED + SQUARE-BLUE",
            "Pentagon Red + Square Blue",
            "pe-r+sq-b",
            "p-r+s-b",
            "pr+sb",
            "3r+2b",
            "iii-r, ii-b",
            "square-blue+pentagon-red",
            " p - r + s - b ",
        ] {
            assert_eq!(read_choice(text), Ok(full), "{text}");
        }
        assert!(read_choice("p-r").unwrap_err().contains("two instructions"));
        assert!(
            read_choice("x-r+s-b")
                .unwrap_err()
                .contains("unknown piece")
        );
        assert!(
            read_choice("p-purple+s-b")
                .unwrap_err()
                .contains("unknown colour")
        );
        assert!(
            read_choice("p-r+p-b")
                .unwrap_err()
                .contains("different pieces")
        );
        assert!(
            read_choice("p-r+s-r")
                .unwrap_err()
                .contains("different colours")
        );
        // Odd text is refused, never a panic.
        for odd in [
            "",
            "+",
            "++",
            "é-ü+ß",
            "ppppp",
            "p-r-b+s",
            "\u{0}+\u{0}",
            "-+-",
        ] {
            assert!(read_choice(odd).is_err(), "{odd}");
        }
    }

    #[test]
    fn round_actions_are_read_forgivingly() {
        let pit = |h| Pit::new(h).unwrap();
        assert_eq!(
            read_round_action(" Fill 3", false),
            Ok(RoundAction::Fill(pit(3)))
        );
        assert_eq!(
            read_round_action("fill h12", true),
            Ok(RoundAction::Fill(pit(12)))
        );
        assert_eq!(read_round_action("RELAY", false), Ok(RoundAction::Relay));
        assert_eq!(
            read_round_action("capture ", false),
            Ok(RoundAction::Capture)
        );
        assert_eq!(read_round_action("Pass", true), Ok(RoundAction::Pass));
        // A hole alone: sown in a round, filled between rounds.
        assert_eq!(read_round_action("h4", false), Ok(RoundAction::Sow(pit(4))));
        assert_eq!(read_round_action("4", true), Ok(RoundAction::Fill(pit(4))));
        assert_eq!(
            read_round_action("fill:7", false),
            Ok(RoundAction::Fill(pit(7)))
        );
        assert!(read_round_action("fill", true).is_err());
        assert!(read_round_action("fill x", true).is_err());
        let refused = read_round_action("sow", false).unwrap_err();
        assert!(refused.contains("`sow`"), "{refused}");
    }

    #[test]
    fn four_row_actions_are_read_forgivingly() {
        let pit = |h| Pit::new(h).unwrap();
        assert_eq!(read_four_row_action(" 5"), Ok(FourRowAction::Sow(pit(5))));
        assert_eq!(read_four_row_action("h5"), Ok(FourRowAction::Sow(pit(5))));
        let cw = Ok(FourRowAction::SowClockwise(pit(14)));
        assert_eq!(read_four_row_action("14 cw"), cw);
        assert_eq!(read_four_row_action("14:CW"), cw);
        let place = Ok(FourRowAction::Place(pit(3)));
        assert_eq!(read_four_row_action("Place 3"), place);
        assert_eq!(read_four_row_action("place:3"), place);
        assert_eq!(read_four_row_action("PASS"), Ok(FourRowAction::Pass));
        for odd in ["place", "cw", "5 ccw", "place x", "sow"] {
            let refused = read_four_row_action(odd).unwrap_err();
            assert!(refused.contains("`N cw`"), "{refused}");
        }
    }
}
