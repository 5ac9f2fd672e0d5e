//! The conformance driver for Numa (`game: "numa"`).

use numa::{Choice, Face, Instruction, JointMove, Numa, Options, Piece, Setup, Shape, Square};
use serde_json::{Map, Value, json};

use crate::conformance::{Driver, boolean, result_json, uint_option};

/// Numa, with the option keys of `TRACES.md`.
pub struct NumaDriver;

/// Reads Numa options from a trace's `options` object.
///
/// # Errors
///
/// A message for an unknown key or a bad value.
pub fn options_from(map: &Map<String, Value>) -> Result<Options, String> {
    let mut options = Options::standard();
    for (key, value) in map {
        match key.as_str() {
            "target" => options.target = uint_option(key, value, 0, u64::from(u32::MAX))? as u32,
            "wrap_adjacency" => options.wrap_adjacency = boolean(key, value)?,
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(options)
}

fn face_name(face: Face) -> &'static str {
    match face {
        Face::Arabic => "arabic",
        Face::Roman => "roman",
    }
}

fn piece_from(value: Option<&Value>, shape: Shape) -> Result<Piece, String> {
    let bad = || format!("`{}` must be [x, y, \"arabic\" or \"roman\"]", shape.name());
    let list = value.and_then(Value::as_array).ok_or_else(bad)?;
    let [x, y, face] = list.as_slice() else {
        return Err(bad());
    };
    let coord = |v: &Value| {
        v.as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(bad)
    };
    let square = Square::new(coord(x)?, coord(y)?).ok_or_else(bad)?;
    let face = match face.as_str() {
        Some("arabic") => Face::Arabic,
        Some("roman") => Face::Roman,
        _ => return Err(bad()),
    };
    Ok(Piece { square, face })
}

fn choice_from(value: Option<&Value>) -> Result<Choice, String> {
    let bad = || format!("a choice is [[shape, colour], [shape, colour]], not {value:?}");
    let list = value.and_then(Value::as_array).ok_or_else(bad)?;
    let mut instructions = Vec::new();
    for pair in list {
        let [shape, colour] = pair.as_array().map(Vec::as_slice).unwrap_or_default() else {
            return Err(bad());
        };
        let text = format!(
            "{}-{}",
            shape.as_str().unwrap_or("?"),
            colour.as_str().unwrap_or("?")
        );
        instructions.push(text.parse::<Instruction>().map_err(|e| e.to_string())?);
    }
    let [a, b] = instructions[..] else {
        return Err(bad());
    };
    Choice::new(a, b).map_err(|e| e.to_string())
}

impl Driver for NumaDriver {
    type Game = Numa;

    fn build(options: &Map<String, Value>, start: Option<&Value>) -> Result<Numa, String> {
        let options = options_from(options)?;
        let Some(start) = start else {
            return Ok(Numa::new(options));
        };
        let pieces_json = start.get("pieces");
        let mut pieces = [Piece {
            square: Square::new(1, 1).ok_or("no square")?,
            face: Face::Arabic,
        }; 4];
        for shape in Shape::ALL {
            pieces[shape.index()] =
                piece_from(pieces_json.and_then(|p| p.get(shape.name())), shape)?;
        }
        let scores: Vec<u32> = crate::conformance::uint_list("scores", start.get("scores"))?;
        let [a, r] = scores[..] else {
            return Err("`scores` must hold two numbers".into());
        };
        Ok(Numa::from_setup(Setup {
            options,
            pieces,
            scores: [a, r],
        }))
    }

    fn state(game: &Numa) -> Value {
        let mut pieces = Map::new();
        for shape in Shape::ALL {
            let p = game.piece(shape);
            pieces.insert(
                shape.name().into(),
                json!([p.square.x(), p.square.y(), face_name(p.face)]),
            );
        }
        json!({
            "pieces": pieces,
            "scores": game.scores(),
            "result": result_json(game.outcome()),
        })
    }

    fn parse_move(_game: &Numa, mv: &Value) -> Result<JointMove, String> {
        Ok(JointMove {
            arabic: choice_from(mv.get("arabic"))?,
            roman: choice_from(mv.get("roman"))?,
        })
    }
}
