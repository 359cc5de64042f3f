//! Requests in, replies out: JSON text both ways.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

/// A reply that could not be made: `{"error": MESSAGE}`.
#[derive(Serialize)]
struct Failed<'a> {
    error: &'a str,
}

/// Reads `request` as `Q`, answers it with `answer`, and writes the reply (or `{"error": ...}`
/// with the request's or the answer's message) as JSON.
pub fn run<Q: DeserializeOwned, A: Serialize>(
    request: &str,
    answer: impl FnOnce(Q) -> Result<A, String>,
) -> String {
    let reply = serde_json::from_str::<Q>(request)
        .map_err(|e| format!("the request cannot be read: {e}"))
        .and_then(answer);
    match reply {
        Ok(reply) => serde_json::to_string(&reply).expect("a reply serialises"),
        Err(message) => serde_json::to_string(&Failed { error: &message }).expect("serialises"),
    }
}

/// A library record as the command-line tool prints it: its JSON text, kept as it is.
pub fn record(record: &impl Serialize) -> Box<RawValue> {
    serde_json::value::to_raw_value(record).expect("a record serialises")
}
