//! The games in a browser: the registry's games for the page in `web/`,
//! through `wasm-bindgen`.
//!
//! [`Session`] is the page's game in plain Rust (tested natively);
//! [`WebGame`] wraps it for JavaScript, every answer a JSON text the page
//! parses, every refusal a JavaScript `Error` with the reason in words.
//! `web/build` compiles this crate to WebAssembly and writes the page into
//! `web/dist/`.

#![forbid(unsafe_code)]

mod layout;
mod session;
mod view;

pub use session::{MoveView, PiecePath, SearchView, Session, Step, Strength};
pub use view::{
    GameEntry, HoleView, LabelView, NumaView, PieceView, StatusView, StoreView, View, games,
};

use wasm_bindgen::prelude::*;

/// Every game of the registry as JSON: `[{name, title, summary,
/// keys}]`, in the order `mancala games` lists them.
#[wasm_bindgen(js_name = games)]
pub fn games_json() -> String {
    to_json(&games())
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The time since the page started, for the hard level's time limit
/// (WebAssembly in a browser has no clock of its own).
#[cfg(target_arch = "wasm32")]
fn page_clock() -> std::time::Duration {
    std::time::Duration::from_secs_f64(js_sys::Date::now().max(0.0) / 1000.0)
}

/// A game for the page.
#[wasm_bindgen]
pub struct WebGame {
    session: Session,
}

#[wasm_bindgen]
impl WebGame {
    /// A new game of `name` with `options` (`key=value` text).
    ///
    /// # Errors
    ///
    /// An unknown game or bad options.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, options: &str) -> Result<WebGame, JsError> {
        Session::new(name, options)
            .map(|session| WebGame { session })
            .map_err(|e| JsError::new(&e))
    }

    /// The game `name` at the position `text`.
    ///
    /// # Errors
    ///
    /// An unknown game or a bad position.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(name: &str, text: &str) -> Result<WebGame, JsError> {
        Session::from_text(name, text)
            .map(|session| WebGame { session })
            .map_err(|e| JsError::new(&e))
    }

    /// The position in the game's notation.
    pub fn text(&self) -> String {
        self.session.text()
    }

    /// The position as the page draws it ([`View`] as JSON).
    pub fn view(&self) -> String {
        to_json(&self.session.view())
    }

    /// Plays `mv`; what it did ([`MoveView`] as JSON).
    ///
    /// # Errors
    ///
    /// An unreadable or illegal move; nothing changes.
    pub fn play(&mut self, mv: &str) -> Result<String, JsError> {
        self.session
            .play(mv)
            .map(|m| to_json(&m))
            .map_err(|e| JsError::new(&e))
    }

    /// Sets the position (the same rules); on error nothing changes.
    ///
    /// # Errors
    ///
    /// A bad position, or one under other rules.
    #[wasm_bindgen(js_name = setPosition)]
    pub fn set_position(&mut self, text: &str) -> Result<(), JsError> {
        self.session
            .set_position(text)
            .map_err(|e| JsError::new(&e))
    }

    /// The computer's move at `level` (1 easy, 2 medium, 3 hard) for the
    /// player to move, or for `player` (0 or 1) in Numa's simultaneous
    /// turns (-1: the player to move); [`SearchView`] as JSON.
    ///
    /// # Errors
    ///
    /// A level other than 1 to 3, a game over, a player who does not move.
    pub fn search(&self, level: u32, player: i32) -> Result<String, JsError> {
        let strength = Strength::from_level(level)
            .ok_or_else(|| JsError::new(&format!("level must be 1, 2 or 3, not {level}")))?;
        #[cfg(target_arch = "wasm32")]
        let clock: Option<mancala_engine::Clock> = Some(page_clock);
        #[cfg(not(target_arch = "wasm32"))]
        let clock = mancala_engine::limits::system_clock();
        let player = usize::try_from(player).ok();
        self.session
            .search(strength, player, clock)
            .map(|r| to_json(&r))
            .map_err(|e| JsError::new(&e))
    }
}
