//! The conformance driver for the games on four rows (`game`: `hus-nama`,
//! `tsoro`, `moruba`, `hawalis`, `hus-damara`, `omweso`;
//! [`FourRowGame`]).
//!
//! A trace move is one action (FOUR-ROWS.md, "Moves"): a hole sows it
//! counter-clockwise, `[h, "cw"]` sows it clockwise (Omweso), `{"place":
//! h}` places a seed from the hand into it (Omweso's placing) and `"pass"`
//! passes. States are `board`, `stores` (the seeds captured, or still in
//! hand), `to_move` and `result`; a trace's `options` must be empty.

use mancala_core::four_rows::{FourRowAction, FourRowGame, FourRowRules, FourRowSetup};
use mancala_core::{Budget, Outcome, Pit, Player};
use serde_json::{Value, json};

use super::{TraceGame, TraceMove};
use crate::conformance::{result_json, start_to_move, to_move_json, uint_list};

/// A hole of a trace move.
fn hole(value: &Value) -> Result<Pit, String> {
    let index = value.as_u64().and_then(|h| usize::try_from(h).ok());
    index
        .and_then(Pit::new)
        .ok_or_else(|| format!("{value} is not a hole"))
}

impl TraceMove for FourRowAction {
    fn from_trace(mv: &Value) -> Result<FourRowAction, String> {
        match mv {
            Value::Number(_) => hole(mv).map(FourRowAction::Sow),
            Value::String(s) if s == "pass" => Ok(FourRowAction::Pass),
            Value::Array(parts) if parts.len() == 2 && parts[1] == "cw" => {
                hole(&parts[0]).map(FourRowAction::SowClockwise)
            }
            Value::Object(object) if object.len() == 1 && object.contains_key("place") => {
                hole(&object["place"]).map(FourRowAction::Place)
            }
            _ => Err(format!(
                "a four-row move is a hole, [hole, \"cw\"], {{\"place\": hole}} or \"pass\", \
                 not {mv}"
            )),
        }
    }
}

/// The result of a finished start: `{"winner": p}` or `"draw"`.
fn start_result(start: &Value) -> Result<Outcome, String> {
    let result = start.get("result").unwrap_or(&Value::Null);
    if result == "draw" {
        return Ok(Outcome::Draw);
    }
    let winner = result.get("winner").and_then(Value::as_u64);
    winner
        .and_then(|w| Player::new(usize::try_from(w).ok()?))
        .map(Outcome::Winner)
        .ok_or_else(|| format!("a finished start's `result` is a winner or \"draw\", not {result}"))
}

impl TraceGame for FourRowGame {
    type Options = FourRowRules;

    super::preset_options!(FourRowRules, "the games on four rows");

    /// A position: its `board`, `stores`, `to_move` (or, finished, its
    /// `result`); no fixed opening still to come and no pass just made.
    fn set_up(rules: FourRowRules, start: &Value, _budget: Budget) -> Result<FourRowGame, String> {
        let (to_move, result) = match start_to_move(start)? {
            Some(player) => (player, None),
            None => (Player::P0, Some(start_result(start)?)),
        };
        let setup = FourRowSetup {
            board: uint_list("board", start.get("board"))?,
            stores: super::two_stores(start)?,
            opening: [false; 2],
            to_move,
            result,
            ..FourRowSetup::new(rules)
        };
        FourRowGame::from_setup(setup).map_err(|e| format!("impossible start: {e}"))
    }

    fn state(&self) -> Value {
        json!({
            "board": self.board(),
            "stores": self.stores(),
            "to_move": to_move_json(self),
            "result": result_json(self.result()),
        })
    }
}
