//! The conformance driver for Numa (`game: "numa"`).

use mancala_core::Budget;
use numa::{Face, Game, JointMove, Numa, Options, Piece, Setup, Shape, Square};
use serde_json::{Map, Value, json};

use super::{TraceGame, TraceMove};
use crate::conformance::{checked_options, result_json};

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

impl TraceGame for Numa {
    type Options = Options;

    fn options(base: Options, map: &Map<String, Value>) -> Result<Options, String> {
        checked_options(base, map, Options::check)
    }

    fn base(&self) -> Options {
        *self.options()
    }

    fn start(options: Options, _budget: Budget) -> Result<Numa, String> {
        Numa::new(options).map_err(|e| e.to_string())
    }

    fn set_up(options: Options, start: &Value, _budget: Budget) -> Result<Numa, String> {
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
        Numa::from_setup(Setup {
            options,
            pieces,
            scores: [a, r],
        })
        .map_err(|e| format!("impossible start: {e}"))
    }

    fn state(&self) -> Value {
        let mut pieces = Map::new();
        for shape in Shape::ALL {
            let p = self.piece(shape);
            pieces.insert(
                shape.name().into(),
                json!([p.square.x(), p.square.y(), face_name(p.face)]),
            );
        }
        json!({
            "pieces": pieces,
            "scores": self.points(),
            "result": result_json(self.outcome()),
        })
    }
}

impl TraceMove for JointMove {
    fn from_trace(mv: &Value) -> Result<JointMove, String> {
        serde_json::from_value(mv.clone()).map_err(|e| e.to_string())
    }
}
