//! Prints the protocol's JSON Schema, as `docs/protocol.schema.json` holds it:
//!
//! ```sh
//! cargo run -p mice-cake-protocol --example schema > docs/protocol.schema.json
//! ```

use std::io::Write as _;

fn main() -> std::io::Result<()> {
    std::io::stdout().write_all(mice_cake_protocol::schema::document_text().as_bytes())
}
