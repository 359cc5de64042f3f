//! The ActionScript (JavaScript) subset the Flash game's level file is written in: statements
//! `NAME = VALUE;` and `NAME.push(VALUE);` whose values are literals.
//!
//! Values are strings (`"..."` or `'...'`, with the usual backslash escapes; they end at their line),
//! whole numbers (an optional `-` and digits, below 2^63 in magnitude; larger ones are errors),
//! names (`true`, `levelez`...), arrays `[v, v, ...]` and objects `{key: v, ...}` (keys are names,
//! strings or numbers); a trailing comma is allowed in both. Comments are `// ...` and
//! `/* ... */`. A statement ends at `;` or, when it is complete, at the end of its line.
//!
//! Reading never stops at an error: a statement with an error is reported (with the name it
//! assigns or pushes to, when it got that far) and reading resumes at the next `;` or line.

use super::syntax::FlashSyntax;
use crate::text::{describe_at, describe_digits, digits_at};

/// A value and the byte offset where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Spanned<T> {
    /// Byte offset of the value's first character in the file.
    pub at: usize,
    /// The value.
    pub value: T,
}

/// A literal value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    /// A string's bytes, unescaped, and whether it held escapes (then its bytes are not at fixed
    /// offsets from its opening quote).
    Str(Vec<u8>, bool),
    /// A whole number.
    Num(i64),
    /// A bare name (`true`, `levelez`...).
    Name(String),
    /// `[...]`
    List(Vec<Spanned<Value>>),
    /// `{...}`: the keys as written (names, strings or numbers as text) and their values.
    Object(Vec<(Spanned<String>, Spanned<Value>)>),
}

impl Value {
    /// What kind of value this is, for "found ..." messages.
    pub(crate) fn describe(&self) -> String {
        match self {
            Value::Str(s, _) if s.len() <= 20 => {
                format!("the string {:?}", String::from_utf8_lossy(s))
            }
            Value::Str(..) => "a string".to_string(),
            Value::Num(n) => format!("the number {n}"),
            Value::Name(n) => format!("the name `{n}`"),
            Value::List(items) => format!("a list of {} items", items.len()),
            Value::Object(_) => "an object".to_string(),
        }
    }
}

/// One statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Statement {
    /// `NAME = VALUE;`
    Assign(Spanned<String>, Spanned<Value>),
    /// `NAME.push(VALUE);`
    Push(Spanned<String>, Spanned<Value>),
}

/// A statement that could not be read: the name it was about (when it got that far), the byte
/// offset of the problem and the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Broken {
    pub name: Option<String>,
    pub at: usize,
    pub problem: FlashSyntax,
}

/// A token.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Name(String),
    Str(Vec<u8>, bool),
    Num(i64),
    Punct(u8),
    /// Something that is no token, or a string without its closing quote.
    Bad(FlashSyntax),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    tok: Tok,
    at: usize,
    line: usize,
}

/// Splits `bytes` into tokens (never fails: bad input becomes [`Tok::Bad`] tokens).
fn tokens(bytes: &[u8]) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < bytes.len() {
        let b = bytes[i];
        let at = i;
        match b {
            b'\n' => {
                line += 1;
                i += 1;
            }
            _ if b.is_ascii_whitespace() => i += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    line += usize::from(bytes[i] == b'\n');
                    i += 1;
                }
                if i >= bytes.len() {
                    let problem = FlashSyntax::Syntax {
                        expected: "`*/` closing the comment",
                        found: "end of file".into(),
                    };
                    out.push(Token { tok: Tok::Bad(problem), at, line });
                }
                i = (i + 2).min(bytes.len());
            }
            b'"' | b'\'' => {
                let (tok, end) = string(bytes, i);
                out.push(Token { tok, at, line });
                i = end;
            }
            b'0'..=b'9' | b'-' if b != b'-' || bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i += usize::from(b == b'-');
                let digits = i;
                let n;
                (i, n) = digits_at(bytes, digits);
                let malformed = bytes
                    .get(i)
                    .is_some_and(|&c| c == b'.' || c.is_ascii_alphanumeric() || c == b'_');
                match n.and_then(|n| i64::try_from(n).ok()) {
                    None => {
                        let problem = FlashSyntax::Syntax {
                            expected: "a whole number below 2^63",
                            found: describe_digits(&bytes[digits..i]),
                        };
                        out.push(Token { tok: Tok::Bad(problem), at: digits, line });
                    }
                    Some(_) if malformed => {
                        let problem = FlashSyntax::Syntax {
                            expected: "a whole number",
                            found: describe_at(bytes, i),
                        };
                        out.push(Token { tok: Tok::Bad(problem), at: i, line });
                        while bytes.get(i).is_some_and(|&c| c == b'.' || c.is_ascii_alphanumeric())
                        {
                            i += 1;
                        }
                    }
                    Some(n) => {
                        let n = if b == b'-' { -n } else { n };
                        out.push(Token { tok: Tok::Num(n), at, line });
                    }
                }
            }
            _ if b.is_ascii_alphabetic() || b == b'_' || b == b'$' => {
                while bytes
                    .get(i)
                    .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$')
                {
                    i += 1;
                }
                let name = String::from_utf8_lossy(&bytes[at..i]).into_owned();
                out.push(Token { tok: Tok::Name(name), at, line });
            }
            b'=' | b';' | b'.' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b',' | b':' => {
                out.push(Token { tok: Tok::Punct(b), at, line });
                i += 1;
            }
            _ => {
                let found = describe_at(bytes, i);
                let problem =
                    FlashSyntax::Syntax { expected: "a name, a literal or punctuation", found };
                out.push(Token { tok: Tok::Bad(problem), at, line });
                // Skip the whole character (UTF-8 continuation bytes too).
                i += 1;
                while i < bytes.len() && bytes[i] & 0xC0 == 0x80 {
                    i += 1;
                }
            }
        }
    }
    out
}

/// Reads the string literal starting at `bytes[start]` (a quote): the token and the offset past
/// it. A string ends at its closing quote; a line end or the end of the file first is an error.
fn string(bytes: &[u8], start: usize) -> (Tok, usize) {
    let quote = bytes[start];
    let mut raw = Vec::new();
    let mut escaped = false;
    // The first malformed `\x` or `\u` escape: the string is still read to its end.
    let mut bad_escape = None;
    let mut i = start + 1;
    loop {
        match bytes.get(i) {
            None | Some(b'\n') | Some(b'\r') => {
                let problem = FlashSyntax::Syntax {
                    expected: "the closing quote of the string",
                    found: describe_at(bytes, i)
                        .replace("'\\r'", "end of line")
                        .replace("'\\n'", "end of line"),
                };
                return (Tok::Bad(problem), i);
            }
            Some(&b) if b == quote => break,
            Some(b'\\') => {
                escaped = true;
                i += 1;
                match bytes.get(i) {
                    Some(b'n') => raw.push(b'\n'),
                    Some(b't') => raw.push(b'\t'),
                    Some(b'r') => raw.push(b'\r'),
                    Some(&c @ (b'x' | b'u')) => {
                        // JavaScript's `\xHH` and `\uHHHH`; a lone surrogate becomes U+FFFD.
                        let (digits, expected) = if c == b'x' {
                            (2, "two hex digits after `\\x`")
                        } else {
                            (4, "four hex digits after `\\u`")
                        };
                        let hex = bytes
                            .get(i + 1..i + 1 + digits)
                            .filter(|h| h.iter().all(u8::is_ascii_hexdigit));
                        let Some(hex) = hex else {
                            let bad = (i + 1..)
                                .find(|&k| !bytes.get(k).is_some_and(u8::is_ascii_hexdigit))
                                .unwrap_or(i + 1);
                            let found = describe_at(bytes, bad);
                            bad_escape.get_or_insert(FlashSyntax::Syntax { expected, found });
                            continue;
                        };
                        let code = hex
                            .iter()
                            .fold(0, |n, &h| 16 * n + (h as char).to_digit(16).unwrap_or(0));
                        let decoded = char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER);
                        raw.extend_from_slice(decoded.encode_utf8(&mut [0; 4]).as_bytes());
                        i += digits;
                    }
                    Some(&c) if c != b'\n' && c != b'\r' => raw.push(c),
                    _ => continue,
                }
            }
            Some(&b) => raw.push(b),
        }
        i += 1;
    }
    match bad_escape {
        Some(problem) => (Tok::Bad(problem), i + 1),
        None => (Tok::Str(raw, escaped), i + 1),
    }
}

/// The statement reader over the tokens.
struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    end: usize,
}

/// A problem inside a statement: where and what.
type Fault = (usize, FlashSyntax);

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn fail(&self, expected: &'static str) -> Fault {
        match self.peek() {
            Some(Token { tok: Tok::Bad(problem), at, .. }) => (*at, problem.clone()),
            Some(token) => {
                let found = match &token.tok {
                    Tok::Name(n) => format!("`{n}`"),
                    Tok::Str(..) => "a string".into(),
                    Tok::Num(n) => format!("the number {n}"),
                    Tok::Punct(p) => format!("'{}'", *p as char),
                    Tok::Bad(_) => unreachable!("handled above"),
                };
                (token.at, FlashSyntax::Syntax { expected, found })
            }
            None => (self.end, FlashSyntax::Syntax { expected, found: "end of file".into() }),
        }
    }

    fn punct(&mut self, p: u8, expected: &'static str) -> Result<(), Fault> {
        match self.peek() {
            Some(Token { tok: Tok::Punct(q), .. }) if *q == p => {
                self.pos += 1;
                Ok(())
            }
            _ => Err(self.fail(expected)),
        }
    }

    fn is_punct(&self, p: u8) -> bool {
        matches!(self.peek(), Some(Token { tok: Tok::Punct(q), .. }) if *q == p)
    }

    /// A value; `depth` bounds the nesting (deep nesting is refused, not recursed into).
    fn value(&mut self, depth: usize) -> Result<Spanned<Value>, Fault> {
        const MAX_DEPTH: usize = 32;
        let Some(token) = self.peek().cloned() else {
            return Err(self.fail("a value"));
        };
        let at = token.at;
        let value = match token.tok {
            Tok::Str(s, escaped) => {
                self.pos += 1;
                Value::Str(s, escaped)
            }
            Tok::Num(n) => {
                self.pos += 1;
                Value::Num(n)
            }
            Tok::Name(n) => {
                self.pos += 1;
                Value::Name(n)
            }
            Tok::Punct(b'[') if depth < MAX_DEPTH => {
                self.pos += 1;
                let mut items = Vec::new();
                while !self.is_punct(b']') {
                    items.push(self.value(depth + 1)?);
                    if !self.is_punct(b']') {
                        self.punct(b',', "',' or ']' in the list")?;
                    }
                }
                self.pos += 1;
                Value::List(items)
            }
            Tok::Punct(b'{') if depth < MAX_DEPTH => {
                self.pos += 1;
                let mut entries = Vec::new();
                while !self.is_punct(b'}') {
                    let key = match self.peek().map(|t| (&t.tok, t.at)) {
                        Some((Tok::Name(k), at)) => Spanned { at, value: k.clone() },
                        Some((Tok::Str(k, _), at)) => {
                            Spanned { at, value: String::from_utf8_lossy(k).into_owned() }
                        }
                        Some((Tok::Num(n), at)) => Spanned { at, value: n.to_string() },
                        _ => return Err(self.fail("a key or '}' in the object")),
                    };
                    self.pos += 1;
                    self.punct(b':', "':' after the key")?;
                    let value = self.value(depth + 1)?;
                    entries.push((key, value));
                    if !self.is_punct(b'}') {
                        self.punct(b',', "',' or '}' in the object")?;
                    }
                }
                self.pos += 1;
                Value::Object(entries)
            }
            Tok::Punct(b'[' | b'{') => {
                return Err((
                    at,
                    FlashSyntax::Syntax {
                        expected: "lists and objects nested at most 32 deep",
                        found: "deeper nesting".into(),
                    },
                ));
            }
            _ => return Err(self.fail("a value")),
        };
        Ok(Spanned { at, value })
    }

    /// One statement, starting at a name.
    fn statement(&mut self, name: &mut Option<String>) -> Result<Statement, Fault> {
        let target = match self.peek() {
            Some(Token { tok: Tok::Name(n), at, .. }) => Spanned { at: *at, value: n.clone() },
            _ => return Err(self.fail("a statement `NAME = VALUE;` or `NAME.push(VALUE);`")),
        };
        *name = Some(target.value.clone());
        self.pos += 1;
        let statement = if self.is_punct(b'.') {
            self.pos += 1;
            match self.peek() {
                Some(Token { tok: Tok::Name(n), .. }) if n == "push" => self.pos += 1,
                _ => return Err(self.fail("`push` after the '.'")),
            }
            self.punct(b'(', "'(' after `push`")?;
            let value = self.value(0)?;
            self.punct(b')', "')' after the pushed value")?;
            Statement::Push(target, value)
        } else {
            self.punct(b'=', "'=' or '.push(' after the name")?;
            Statement::Assign(target, self.value(0)?)
        };
        Ok(statement)
    }

    /// After a statement: its `;`, or the end of its line (or of the file).
    fn end_of_statement(&mut self, line: usize) -> Result<(), Fault> {
        match self.peek() {
            None => Ok(()),
            Some(Token { tok: Tok::Punct(b';'), .. }) => {
                self.pos += 1;
                Ok(())
            }
            Some(token) if token.line > line => Ok(()),
            Some(_) => Err(self.fail("';' or the end of the line after the statement")),
        }
    }

    /// Skips to just past the next `;`, or to the first token of a later line than `line`.
    fn resync(&mut self, line: usize) {
        while let Some(token) = self.peek() {
            if token.line > line {
                return;
            }
            let semicolon = token.tok == Tok::Punct(b';');
            self.pos += 1;
            if semicolon {
                return;
            }
        }
    }
}

/// Every statement of the file, in order: read, or broken.
pub(crate) fn statements(bytes: &[u8]) -> Vec<Result<Statement, Broken>> {
    let mut parser = Parser { tokens: tokens(bytes), pos: 0, end: bytes.len() };
    let mut out = Vec::new();
    while let Some(first) = parser.peek() {
        if first.tok == Tok::Punct(b';') {
            parser.pos += 1;
            continue;
        }
        let mut name = None;
        let read = parser.statement(&mut name);
        let last_line = parser.tokens.get(parser.pos.saturating_sub(1)).map_or(0, |t| t.line);
        match read.and_then(|s| parser.end_of_statement(last_line).map(|()| s)) {
            Ok(statement) => out.push(Ok(statement)),
            Err((at, problem)) => {
                let line = parser.peek().map_or(usize::MAX, |t| t.line);
                out.push(Err(Broken { name, at, problem }));
                parser.resync(line);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Result<Statement, Broken>> {
        statements(text.as_bytes())
    }

    #[test]
    fn the_files_statements_read_as_values() {
        let got = read(
            "x = [];\r\nx.push(\"ab\"); // c\nx.push([1,-4]);\nx.push({swatch95: [[3,7,\"onoff\"]],});\n",
        );
        assert_eq!(got.len(), 4);
        let Ok(Statement::Assign(name, Spanned { value: Value::List(items), .. })) = &got[0] else {
            panic!("{got:?}")
        };
        assert_eq!((name.value.as_str(), items.len()), ("x", 0));
        let Ok(Statement::Push(_, Spanned { value: Value::Str(s, false), at })) = &got[1] else {
            panic!("{got:?}")
        };
        assert_eq!((s.as_slice(), *at), (&b"ab"[..], 16));
        let Ok(Statement::Push(_, Spanned { value: Value::List(xy), .. })) = &got[2] else {
            panic!("{got:?}")
        };
        assert_eq!(xy[1].value, Value::Num(-4));
        let Ok(Statement::Push(_, Spanned { value: Value::Object(entries), .. })) = &got[3] else {
            panic!("{got:?}")
        };
        assert_eq!(entries[0].0.value, "swatch95");
    }

    #[test]
    fn statements_end_at_semicolons_or_line_ends_and_errors_resume_at_the_next() {
        let got = read("a = 1\nb = 2; c = 3;\nd = [1 2];\ne.push(1) f\ng = 'x\nh = 4;");
        let names: Vec<_> = got
            .iter()
            .map(|s| match s {
                Ok(Statement::Assign(n, _) | Statement::Push(n, _)) => n.value.clone(),
                Err(b) => format!("!{}", b.name.clone().unwrap_or_default()),
            })
            .collect();
        assert_eq!(names, ["a", "b", "c", "!d", "!e", "!g", "h"]);
        let Err(broken) = &got[3] else { unreachable!() };
        assert_eq!(broken.at, 27);
        assert_eq!(
            broken.problem.to_string(),
            "expected ',' or ']' in the list, found the number 2"
        );
        let Err(broken) = &got[5] else { unreachable!() };
        assert_eq!(
            broken.problem.to_string(),
            "expected the closing quote of the string, found end of line"
        );
    }

    #[test]
    fn hex_and_unicode_escapes_read_as_javascript_reads_them() {
        let got = read("a = \"\\x62\\u0065\\u00e9\\uD800\";\nb = 'x\\xZ1y';\nc = '\\u12';");
        let Ok(Statement::Assign(_, Spanned { value: Value::Str(text, true), .. })) = &got[0]
        else {
            panic!("{got:?}")
        };
        assert_eq!(String::from_utf8_lossy(text), "be\u{e9}\u{fffd}");
        let messages: Vec<_> = got[1..]
            .iter()
            .map(|s| match s {
                Err(broken) => broken.problem.to_string(),
                Ok(s) => panic!("{s:?}"),
            })
            .collect();
        assert_eq!(
            messages,
            [
                "expected two hex digits after `\\x`, found 'Z'",
                "expected four hex digits after `\\u`, found '\\''",
            ]
        );
    }

    #[test]
    fn numbers_past_2_pow_63_are_named_as_written_not_capped() {
        let got =
            read("a = [-9223372036854775807, 9223372036854775807];\nb = [9223372036854775808];");
        let Ok(Statement::Assign(_, Spanned { value: Value::List(items), .. })) = &got[0] else {
            panic!("{got:?}")
        };
        let numbers: Vec<_> = items.iter().map(|i| &i.value).collect();
        assert_eq!(numbers, [&Value::Num(-i64::MAX), &Value::Num(i64::MAX)]);
        let Err(broken) = &got[1] else { panic!("{got:?}") };
        assert_eq!(broken.at, 54);
        assert_eq!(
            broken.problem.to_string(),
            "expected a whole number below 2^63, found 9223372036854775808"
        );
    }

    #[test]
    fn odd_bytes_never_panic_and_are_reported() {
        for text in
            ["@", "x = [[[[", "x.push(", "x = \"\\", "/* open", "x = 1.5;", "x = {1: 2}", "é"]
        {
            let got = read(text);
            assert!(!got.is_empty(), "{text:?}");
        }
        let deep = format!("x = {};", "[".repeat(100));
        assert!(read(&deep)[0].is_err());
    }
}
