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
//!
//! Tokens are lexed one at a time, and a value is kept only when its statement's name is wanted
//! (the play order); the others are checked and read again from where they start when a stage
//! needs them. Every value kept is charged to a [`Budget`] (the memory limit), so the memory
//! of a file is a small constant times the parts of it that are used, whatever its size.

use super::syntax::FlashSyntax;
use crate::text::{describe_at, describe_digits, digits_at, quote, quote_name};

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
    /// A value checked but not kept (read it again with [`value_at`]).
    Skipped {
        /// True for a list `[...]`.
        list: bool,
        /// True when the value names nothing (no name but `true`, `false`, `null`,
        /// `undefined`): reading it again at any time gives the same value.
        pure: bool,
    },
    /// A name's value before it is given one (`var lv;`), as evaluated.
    Undefined,
    /// A function of the file, by name, as evaluated.
    Function(String),
}

impl Value {
    /// What kind of value this is, for "found ..." messages (file content quoted by
    /// `crate::text::quote`).
    pub(crate) fn describe(&self) -> String {
        match self {
            Value::Str(s, _) => format!("the string {}", quote(s)),
            Value::Num(n) => format!("the number {n}"),
            Value::Name(n) => format!("the name {}", quote_name(n.as_bytes())),
            Value::List(items) => format!("a list of {} items", items.len()),
            Value::Object(_) => "an object".to_string(),
            Value::Skipped { .. } => "a value".to_string(),
            Value::Undefined => "undefined (a name without a value)".to_string(),
            Value::Function(name) => format!("the function {}", quote_name(name.as_bytes())),
        }
    }
}

/// Names that stand for values, not for anything the file defines.
pub(crate) fn is_literal_name(name: &str) -> bool {
    matches!(name, "true" | "false" | "null" | "undefined" | "NaN" | "Infinity")
}

/// One statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Statement {
    /// `var NAME = VALUE;` (or `let`, `const`), one for each name it declares; `var NAME;`
    /// without a value.
    Declare(Spanned<String>, Option<Spanned<Value>>),
    /// `NAME = VALUE;`
    Assign(Spanned<String>, Spanned<Value>),
    /// `NAME.push(VALUE, ...);`
    Push(Spanned<String>, Vec<Spanned<Value>>),
    /// `NAME[...]...;` (a JavaScript port's `levels[1].unshift("780464");`): not read, only
    /// noted.
    Ignored(Spanned<String>),
    /// `function NAME(PARAMS) {`: the statements up to the matching [`Statement::End`] are its
    /// body, which runs only when it is called.
    Function {
        /// The function's name.
        name: Spanned<String>,
        /// Its parameters' names.
        params: Vec<String>,
        /// Byte offset just past its `{`.
        body: usize,
    },
    /// The `}` that ends a function's body, at this byte offset.
    End(usize),
    /// `return VALUE;` (a value only when one follows on the same line), at the offset of
    /// `return`.
    Return(usize, Option<Spanned<Value>>),
}

/// What a statement that could not be read was about: the name it assigns or declares, or
/// (`member`) the name whose value it changes (`NAME.push(...)`, `NAME.length = 0`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Target {
    pub name: String,
    pub member: bool,
}

/// A statement that could not be read: what it was about (when it got that far), the byte
/// offset of the problem and the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Broken {
    pub target: Option<Target>,
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

/// The tokens of a file, one at a time, from a byte offset (never fails: bad input becomes
/// [`Tok::Bad`] tokens). Tokens are lexed the same from any token's first byte, so a value can
/// be read again from where it starts.
struct Lexer<'a> {
    bytes: &'a [u8],
    i: usize,
    line: usize,
}

impl Lexer<'_> {
    /// The next token, `None` at the end of the file.
    fn next_token(&mut self) -> Option<Token> {
        let bytes = self.bytes;
        loop {
            let i = self.i;
            let b = *bytes.get(i)?;
            let (at, line) = (i, self.line);
            let token = |tok| Some(Token { tok, at, line });
            match b {
                // A line ends at `\n`, or at a `\r` not followed by one (old Mac files).
                b'\n' => {
                    self.line += 1;
                    self.i += 1;
                }
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => {
                    self.line += 1;
                    self.i += 1;
                }
                _ if b.is_ascii_whitespace() => self.i += 1,
                // A UTF-8 byte-order mark at the start is not part of the text.
                0xEF if i == 0 && bytes.starts_with(&[0xEF, 0xBB, 0xBF]) => self.i = 3,
                // A line comment ends at a line break, `\n` or a lone `\r` (old Mac files), as
                // in JavaScript.
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    let end = memchr::memchr2(b'\n', b'\r', &bytes[i..]);
                    self.i = end.map_or(bytes.len(), |n| i + n);
                }
                b'/' if bytes.get(i + 1) == Some(&b'*') => {
                    let mut k = i + 2;
                    while k < bytes.len() && !(bytes[k] == b'*' && bytes.get(k + 1) == Some(&b'/'))
                    {
                        self.line += usize::from(bytes[k] == b'\n');
                        k += 1;
                    }
                    self.i = (k + 2).min(bytes.len());
                    if k >= bytes.len() {
                        let problem = FlashSyntax::Syntax {
                            expected: "`*/` closing the comment",
                            found: "end of file".into(),
                        };
                        return Some(Token { tok: Tok::Bad(problem), at, line: self.line });
                    }
                }
                b'"' | b'\'' => {
                    let (tok, end) = string(bytes, i);
                    self.i = end;
                    return token(tok);
                }
                b'0'..=b'9' | b'-'
                    if b != b'-' || bytes.get(i + 1).is_some_and(u8::is_ascii_digit) =>
                {
                    let digits = i + usize::from(b == b'-');
                    let (end, n) = digits_at(bytes, digits);
                    self.i = end;
                    let malformed = bytes
                        .get(end)
                        .is_some_and(|&c| c == b'.' || c.is_ascii_alphanumeric() || c == b'_');
                    return match n.and_then(|n| i64::try_from(n).ok()) {
                        None => {
                            let problem = FlashSyntax::Syntax {
                                expected: "a whole number below 2^63",
                                found: describe_digits(&bytes[digits..end]),
                            };
                            Some(Token { tok: Tok::Bad(problem), at: digits, line })
                        }
                        Some(_) if malformed => {
                            let problem = FlashSyntax::Syntax {
                                expected: "a whole number",
                                found: describe_at(bytes, end),
                            };
                            while bytes
                                .get(self.i)
                                .is_some_and(|&c| c == b'.' || c.is_ascii_alphanumeric())
                            {
                                self.i += 1;
                            }
                            Some(Token { tok: Tok::Bad(problem), at: end, line })
                        }
                        Some(n) => token(Tok::Num(if b == b'-' { -n } else { n })),
                    };
                }
                _ if b.is_ascii_alphabetic() || b == b'_' || b == b'$' => {
                    let mut k = i;
                    while bytes
                        .get(k)
                        .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$')
                    {
                        k += 1;
                    }
                    self.i = k;
                    let name = String::from_utf8_lossy(&bytes[at..k]).into_owned();
                    return token(Tok::Name(name));
                }
                b'=' | b';' | b'.' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b',' | b':' => {
                    self.i += 1;
                    return token(Tok::Punct(b));
                }
                _ => {
                    let found = describe_at(bytes, i);
                    let problem =
                        FlashSyntax::Syntax { expected: "a name, a literal or punctuation", found };
                    // Skip the whole character (UTF-8 continuation bytes too).
                    self.i += 1;
                    while self.i < bytes.len() && bytes[self.i] & 0xC0 == 0x80 {
                        self.i += 1;
                    }
                    return token(Tok::Bad(problem));
                }
            }
        }
    }
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

/// Memory a reader may still use: every value it builds, and whatever its caller keeps, is
/// charged here; going past the limit is [`FlashSyntax::OverMemoryLimit`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    left: u64,
    limit: u64,
}

impl Budget {
    /// A budget of `limit` bytes.
    pub(crate) fn new(limit: u64) -> Budget {
        Budget { left: limit, limit }
    }

    /// The limit in bytes.
    pub(crate) fn limit(&self) -> u64 {
        self.limit
    }

    /// Charges `bytes` for something read at byte `at`.
    pub(crate) fn spend(&mut self, bytes: u64, at: usize) -> Result<(), Fault> {
        match self.left.checked_sub(bytes) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err((at, FlashSyntax::OverMemoryLimit { limit: self.limit })),
        }
    }

    /// The cost of a built value of `len` bytes of text (a string's, a name's): the value, room
    /// for the list that holds it to grow (a list that doubles holds the old and the new buffer
    /// for a moment: three values' room a value), and the text.
    fn value_cost(len: usize) -> u64 {
        (3 * size_of::<Spanned<Value>>() + len) as u64
    }

    /// Makes room for one more item in `items`, fallibly (a list of the file is as long as the
    /// file says).
    pub(crate) fn room<T>(items: &mut Vec<T>, at: usize) -> Result<(), Fault> {
        if items.len() < items.capacity() {
            return Ok(());
        }
        let more = items.len().max(4);
        crate::memory::try_reserve(items, more, "the values of the file")
            .map_err(|e| (at, FlashSyntax::Memory(e)))
    }
}

/// The statement reader over the tokens.
struct Parser<'a, 'b> {
    lexer: Lexer<'a>,
    peeked: Option<Token>,
    /// The line of the last token taken.
    last_line: usize,
    end: usize,
    budget: &'b mut Budget,
    /// Set when a value names something (a name other than [`is_literal_name`]'s).
    named: bool,
    /// Set when the last problem leaves the statements' structure unknown (a statement the
    /// reader cannot evaluate, a function it cannot read): reading stops there.
    fatal: bool,
    /// `{` less `}` taken since the statement began.
    braces: isize,
    /// True while a function's body is being read: a `}` that closes no `{` of the statement
    /// ends it.
    in_body: bool,
}

/// A problem inside a statement: where and what.
pub(crate) type Fault = (usize, FlashSyntax);

/// Words that begin statements the reader cannot evaluate (control flow, classes, modules...):
/// the statements after them may or may not run, so the file cannot be read on.
const UNSUPPORTED: &[&str] = &[
    "if", "else", "for", "while", "do", "switch", "case", "default", "try", "catch", "finally",
    "throw", "with", "new", "delete", "class", "import", "export", "break", "continue", "async",
    "await", "yield", "typeof", "void", "this", "super", "debugger", "label",
];

impl<'a, 'b> Parser<'a, 'b> {
    /// A reader of `bytes` from byte `from`.
    fn new(bytes: &'a [u8], from: usize, budget: &'b mut Budget) -> Parser<'a, 'b> {
        let lexer = Lexer { bytes, i: from, line: 1 };
        Parser {
            lexer,
            peeked: None,
            last_line: 0,
            end: bytes.len(),
            budget,
            named: false,
            fatal: false,
            braces: 0,
            in_body: false,
        }
    }

    fn peek(&mut self) -> Option<&Token> {
        if self.peeked.is_none() {
            self.peeked = self.lexer.next_token();
        }
        self.peeked.as_ref()
    }

    /// Takes the next token.
    fn bump(&mut self) -> Option<Token> {
        self.peek();
        let token = self.peeked.take();
        if let Some(token) = &token {
            self.last_line = token.line;
            match token.tok {
                Tok::Punct(b'{') => self.braces += 1,
                Tok::Punct(b'}') => self.braces -= 1,
                _ => {}
            }
        }
        token
    }

    fn fail(&mut self, expected: &'static str) -> Fault {
        let end = self.end;
        match self.peek() {
            Some(Token { tok: Tok::Bad(problem), at, .. }) => (*at, problem.clone()),
            Some(token) => {
                let found = match &token.tok {
                    Tok::Name(n) => quote_name(n.as_bytes()).to_string(),
                    Tok::Str(..) => "a string".into(),
                    Tok::Num(n) => format!("the number {n}"),
                    Tok::Punct(p) => format!("'{}'", *p as char),
                    Tok::Bad(_) => unreachable!("handled above"),
                };
                (token.at, FlashSyntax::Syntax { expected, found })
            }
            None => (end, FlashSyntax::Syntax { expected, found: "end of file".into() }),
        }
    }

    /// A problem after which the statements' structure is unknown (reading stops).
    fn fatal(&mut self, fault: Fault) -> Fault {
        self.fatal = true;
        fault
    }

    /// `found` cannot be evaluated, at `at`: reading stops.
    fn cannot_evaluate(&mut self, at: usize, found: String) -> Fault {
        self.fatal((at, FlashSyntax::CannotEvaluate { found }))
    }

    fn punct(&mut self, p: u8, expected: &'static str) -> Result<(), Fault> {
        if self.is_punct(p) {
            self.bump();
            Ok(())
        } else {
            Err(self.fail(expected))
        }
    }

    fn is_punct(&mut self, p: u8) -> bool {
        matches!(self.peek(), Some(Token { tok: Tok::Punct(q), .. }) if *q == p)
    }

    /// A name, or the error `expected`.
    fn name(&mut self, expected: &'static str) -> Result<Spanned<String>, Fault> {
        match self.peek() {
            Some(Token { tok: Tok::Name(n), at, .. }) => {
                let name = Spanned { at: *at, value: n.clone() };
                self.bump();
                Ok(name)
            }
            _ => Err(self.fail(expected)),
        }
    }

    /// A value; `depth` bounds the nesting (deep nesting is refused, not recursed into). With
    /// `build` false the value is only checked, and comes back as [`Value::Skipped`] (nothing
    /// is kept, whatever its size).
    fn value(&mut self, depth: usize, build: bool) -> Result<Spanned<Value>, Fault> {
        const MAX_DEPTH: usize = 32;
        let Some(token) = self.peek() else {
            return Err(self.fail("a value"));
        };
        let at = token.at;
        let opens = match &token.tok {
            Tok::Punct(b'[' | b'{') if depth >= MAX_DEPTH => {
                return Err((
                    at,
                    FlashSyntax::Syntax {
                        expected: "lists and objects nested at most 32 deep",
                        found: "deeper nesting".into(),
                    },
                ));
            }
            Tok::Punct(p @ (b'[' | b'{')) => Some(*p),
            Tok::Name(n) if n == "function" => {
                return Err(self.cannot_evaluate(at, "a function expression".into()));
            }
            Tok::Punct(b'(') => {
                let found = "an expression in parentheses (or an arrow function)".into();
                return Err(self.cannot_evaluate(at, found));
            }
            Tok::Str(..) | Tok::Num(_) | Tok::Name(_) => None,
            _ => return Err(self.fail("a value")),
        };
        let value = match opens {
            None => {
                let token = self.bump().expect("peeked");
                if let Tok::Name(n) = &token.tok {
                    self.named |= !is_literal_name(n);
                }
                match token.tok {
                    _ if !build => Value::Skipped { list: false, pure: true },
                    Tok::Str(s, escaped) => {
                        self.budget.spend(Budget::value_cost(s.len()), at)?;
                        Value::Str(s, escaped)
                    }
                    Tok::Num(n) => {
                        self.budget.spend(Budget::value_cost(0), at)?;
                        Value::Num(n)
                    }
                    Tok::Name(n) => {
                        self.budget.spend(Budget::value_cost(n.len()), at)?;
                        Value::Name(n)
                    }
                    _ => unreachable!("a literal"),
                }
            }
            Some(b'[') => {
                self.bump();
                let mut items = Vec::new();
                while !self.is_punct(b']') {
                    let item = self.value(depth + 1, build)?;
                    if build {
                        Budget::room(&mut items, item.at)?;
                        items.push(item);
                    }
                    if !self.is_punct(b']') {
                        self.punct(b',', "',' or ']' in the list")?;
                    }
                }
                self.bump();
                if build { Value::List(items) } else { Value::Skipped { list: true, pure: true } }
            }
            Some(_) => {
                self.bump();
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
                    self.bump();
                    self.punct(b':', "':' after the key")?;
                    let value = self.value(depth + 1, build)?;
                    if build {
                        self.budget.spend(Budget::value_cost(key.value.len()), key.at)?;
                        Budget::room(&mut entries, key.at)?;
                        entries.push((key, value));
                    }
                    if !self.is_punct(b'}') {
                        self.punct(b',', "',' or '}' in the object")?;
                    }
                }
                self.bump();
                if build {
                    Value::Object(entries)
                } else {
                    Value::Skipped { list: false, pure: true }
                }
            }
        };
        Ok(Spanned { at, value })
    }

    /// A value to evaluate, checked only ([`Value::Skipped`], with whether it names anything).
    fn checked_value(&mut self) -> Result<Spanned<Value>, Fault> {
        self.named = false;
        let mut value = self.value(0, false)?;
        if let Value::Skipped { pure, .. } = &mut value.value {
            *pure = !self.named;
        }
        Ok(value)
    }

    /// One statement, starting at a name, into `out` (a declaration of several names gives one
    /// statement each); what it is about goes into `target` as soon as it is known.
    fn statement(
        &mut self,
        target: &mut Option<Target>,
        out: &mut Vec<Statement>,
    ) -> Result<(), Fault> {
        const EXPECTED: &str = "a statement `NAME = VALUE;`, `NAME.push(VALUE);` or `var NAME = \
                                VALUE;`";
        let (word, at, line) = match self.peek() {
            Some(Token { tok: Tok::Name(n), at, line }) => (n.clone(), *at, *line),
            _ => return Err(self.fail(EXPECTED)),
        };
        match word.as_str() {
            "function" => {
                self.bump();
                return self.function(out);
            }
            "return" => {
                self.bump();
                let value = match self.peek() {
                    None => None,
                    Some(t) if t.line > line || matches!(t.tok, Tok::Punct(b';' | b'}')) => None,
                    Some(_) => Some(self.checked_value()?),
                };
                out.push(Statement::Return(at, value));
                return Ok(());
            }
            "var" | "let" | "const" => {
                self.bump();
                loop {
                    let name = self.name("a name after the declaration")?;
                    *target = Some(Target { name: name.value.clone(), member: false });
                    let value = if self.is_punct(b'=') {
                        self.bump();
                        Some(self.checked_value()?)
                    } else {
                        None
                    };
                    out.push(Statement::Declare(name, value));
                    if !self.is_punct(b',') {
                        return Ok(());
                    }
                    self.bump();
                }
            }
            w if UNSUPPORTED.contains(&w) => {
                let article = if w.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
                let found = format!("{article} {} statement", quote_name(w.as_bytes()));
                return Err(self.cannot_evaluate(at, found));
            }
            _ => {}
        }
        let name = self.name(EXPECTED)?;
        *target = Some(Target { name: name.value.clone(), member: false });
        if self.is_punct(b'[') {
            // `NAME[...]....;`: skipped to its end, and noted.
            self.resync(line);
            out.push(Statement::Ignored(name));
            return Ok(());
        }
        if self.is_punct(b'(') {
            let found = format!("a call of {}", quote_name(name.value.as_bytes()));
            return Err(self.cannot_evaluate(name.at, found));
        }
        if self.is_punct(b'.') {
            *target = Some(Target { name: name.value.clone(), member: true });
            self.bump();
            match self.peek() {
                Some(Token { tok: Tok::Name(n), .. }) if n == "push" => {
                    self.bump();
                }
                _ => return Err(self.fail("`push` after the '.'")),
            }
            self.punct(b'(', "'(' after `push`")?;
            let mut values = Vec::new();
            while !self.is_punct(b')') {
                let value = self.checked_value()?;
                Budget::room(&mut values, value.at)?;
                values.push(value);
                if !self.is_punct(b')') {
                    self.punct(b',', "',' or ')' after the pushed value")?;
                }
            }
            self.bump();
            out.push(Statement::Push(name, values));
            return Ok(());
        }
        if self.is_punct(b'=') {
            self.bump();
            if self.is_punct(b'=') {
                // `NAME == VALUE` compares: a statement without effect, which the reader does
                // not evaluate.
                return Err(self.fail("a value after '='"));
            }
            let value = self.checked_value()?;
            out.push(Statement::Assign(name, value));
            return Ok(());
        }
        Err(self.fail("'=' or '.push(' after the name"))
    }

    /// The rest of `function NAME(PARAMS) {` (after `function`): a problem in it is fatal (the
    /// body's extent is unknown).
    fn function(&mut self, out: &mut Vec<Statement>) -> Result<(), Fault> {
        let header = |parser: &mut Self| -> Result<Statement, Fault> {
            let name = parser.name("the function's name after `function`")?;
            parser.punct(b'(', "'(' after the function's name")?;
            let mut params = Vec::new();
            while !parser.is_punct(b')') {
                let param = parser.name("a parameter's name")?;
                parser.budget.spend(Budget::value_cost(param.value.len()), param.at)?;
                Budget::room(&mut params, param.at)?;
                params.push(param.value);
                if !parser.is_punct(b')') {
                    parser.punct(b',', "',' or ')' after the parameter")?;
                }
            }
            parser.bump();
            let body = match parser.peek() {
                Some(Token { tok: Tok::Punct(b'{'), at, .. }) => at + 1,
                _ => return Err(parser.fail("'{' opening the function's body")),
            };
            parser.bump();
            Ok(Statement::Function { name, params, body })
        };
        match header(self) {
            Ok(statement) => {
                out.push(statement);
                Ok(())
            }
            Err(fault @ (_, FlashSyntax::OverMemoryLimit { .. } | FlashSyntax::Memory(_))) => {
                Err(fault)
            }
            Err(fault) => Err(self.fatal(fault)),
        }
    }

    /// After a statement: its `;`, or the end of its line (or of the file), or a `}` that ends a
    /// function's body.
    fn end_of_statement(&mut self, line: usize) -> Result<(), Fault> {
        match self.peek() {
            None => Ok(()),
            Some(Token { tok: Tok::Punct(b';'), .. }) => {
                self.bump();
                Ok(())
            }
            Some(Token { tok: Tok::Punct(b'}'), .. }) => Ok(()),
            Some(token) if token.line > line => Ok(()),
            Some(_) => Err(self.fail("';' or the end of the line after the statement")),
        }
    }

    /// Skips to just past the next `;`, or to the first token of a later line than `line`, or,
    /// in a function's body, to the `}` that ends it.
    fn resync(&mut self, line: usize) {
        loop {
            let (in_body, braces) = (self.in_body, self.braces);
            let Some(token) = self.peek() else { return };
            let ends_body = in_body && braces == 0 && token.tok == Tok::Punct(b'}');
            if token.line > line || ends_body {
                return;
            }
            let semicolon = token.tok == Tok::Punct(b';');
            self.bump();
            if semicolon {
                return;
            }
        }
    }
}

/// Reads the statements of `bytes` from byte `from`, in order, and hands each (read, or
/// broken) to `each`, until `each` returns `false` or the file ends. A function's body comes
/// between its [`Statement::Function`] and its [`Statement::End`]. Values are checked, not
/// kept: each comes as [`Value::Skipped`] (read it with [`value_at`]).
///
/// # Errors
///
/// Reading cannot go on (fatal for the file): the budget ran out (in a value or in `each`,
/// [`FlashSyntax::OverMemoryLimit`]), or a statement cannot be evaluated
/// ([`FlashSyntax::CannotEvaluate`]) or a function's header read, so that what follows may or
/// may not run.
pub(crate) fn for_each_statement(
    bytes: &[u8],
    from: usize,
    budget: &mut Budget,
    mut each: impl FnMut(Result<Statement, Broken>, &mut Budget) -> Result<bool, Fault>,
) -> Result<(), Fault> {
    let mut parser = Parser::new(bytes, from, budget);
    // Functions whose body is being read.
    let mut depth = 0usize;
    let mut statements = Vec::new();
    while let Some(first) = parser.peek() {
        let at = first.at;
        match &first.tok {
            Tok::Punct(b';') => {
                parser.bump();
                continue;
            }
            Tok::Punct(b'}') if depth > 0 => {
                parser.bump();
                depth -= 1;
                if !each(Ok(Statement::End(at)), parser.budget)? {
                    return Ok(());
                }
                continue;
            }
            _ => {}
        }
        let mut target = None;
        statements.clear();
        parser.braces = 0;
        parser.in_body = depth > 0;
        let read = parser.statement(&mut target, &mut statements);
        let is_function = matches!(statements.last(), Some(Statement::Function { .. }));
        let read = if is_function {
            read
        } else {
            let last_line = parser.last_line;
            read.and_then(|()| parser.end_of_statement(last_line))
        };
        match read {
            Ok(()) => {
                for statement in statements.drain(..) {
                    depth += usize::from(matches!(statement, Statement::Function { .. }));
                    if !each(Ok(statement), parser.budget)? {
                        return Ok(());
                    }
                }
            }
            Err(fault @ (_, FlashSyntax::OverMemoryLimit { .. } | FlashSyntax::Memory(_))) => {
                return Err(fault);
            }
            Err(fault) if parser.fatal => return Err(fault),
            Err((at, problem)) => {
                let next_line = parser.peek().map_or(usize::MAX, |t| t.line);
                if !each(Err(Broken { target, at, problem }), parser.budget)? {
                    return Ok(());
                }
                parser.resync(next_line);
            }
        }
    }
    Ok(())
}

/// The value that starts at byte `at` of `bytes` (where [`for_each_statement`] found one),
/// built and charged to `budget`.
///
/// # Errors
///
/// The budget ran out, or the bytes hold no value there.
pub(crate) fn value_at(
    bytes: &[u8],
    at: usize,
    budget: &mut Budget,
) -> Result<Spanned<Value>, Fault> {
    Parser::new(bytes, at, budget).value(0, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statements of `text`, their values built.
    fn read(text: &str) -> Vec<Result<Statement, Broken>> {
        let mut out = Vec::new();
        let mut budget = Budget::new(u64::MAX);
        let build = |v: &mut Spanned<Value>| {
            *v = value_at(text.as_bytes(), v.at, &mut Budget::new(u64::MAX)).unwrap();
        };
        for_each_statement(text.as_bytes(), 0, &mut budget, |mut s, _| {
            match &mut s {
                Ok(Statement::Assign(_, v) | Statement::Declare(_, Some(v))) => build(v),
                Ok(Statement::Push(_, values)) => values.iter_mut().for_each(build),
                _ => {}
            }
            out.push(s);
            Ok(true)
        })
        .unwrap();
        out
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
        let Ok(Statement::Push(_, pushed)) = &got[1] else { panic!("{got:?}") };
        let Spanned { value: Value::Str(s, false), at } = &pushed[0] else { panic!("{got:?}") };
        assert_eq!((s.as_slice(), *at), (&b"ab"[..], 16));
        let Ok(Statement::Push(_, pushed)) = &got[2] else { panic!("{got:?}") };
        let Value::List(xy) = &pushed[0].value else { panic!("{got:?}") };
        assert_eq!(xy[1].value, Value::Num(-4));
        let Ok(Statement::Push(_, pushed)) = &got[3] else { panic!("{got:?}") };
        let Value::Object(entries) = &pushed[0].value else { panic!("{got:?}") };
        assert_eq!(entries[0].0.value, "swatch95");
    }

    #[test]
    fn statements_end_at_semicolons_or_line_ends_and_errors_resume_at_the_next() {
        let got = read("a = 1\nb = 2; c = 3;\nd = [1 2];\ne.push(1) f\ng = 'x\nh = 4;");
        // Each statement's name: `?` before an ignored one, `!` before a broken one.
        let names_of = |statements: &[Result<Statement, Broken>]| -> Vec<String> {
            statements
                .iter()
                .map(|s| match s {
                    Ok(
                        Statement::Assign(n, _) | Statement::Push(n, _) | Statement::Declare(n, _),
                    ) => n.value.clone(),
                    Ok(Statement::Ignored(n)) => format!("?{}", n.value),
                    Ok(Statement::Function { name, .. }) => format!("{}()", name.value),
                    Ok(Statement::End(_)) => "}".into(),
                    Ok(Statement::Return(..)) => "return".into(),
                    Err(b) => format!("!{}", b.target.as_ref().map_or("", |t| t.name.as_str())),
                })
                .collect()
        };
        let names = names_of(&got);
        assert_eq!(names, ["a", "b", "c", "!d", "!e", "!g", "h"]);
        // A JavaScript port: declarations, a wrapper function, a statement on an entry.
        let port = read(
            "function getLevels() {\n var a = [];\n let b = 1; const c = 2;\n a[1].unshift('x');\n \
             a.push(3);\n return a;\n}\n",
        );
        let names = names_of(&port);
        assert_eq!(names, ["getLevels()", "a", "b", "c", "?a", "a", "return", "}"]);
        // Several names in one declaration, one without a value; a push of several values.
        let many = read(
            "var a = [], b, c = 'x';
a.push(1, [2], 'y');
",
        );
        assert_eq!(names_of(&many), ["a", "b", "c", "a"]);
        let Ok(Statement::Push(_, pushed)) = &many[3] else { panic!("{many:?}") };
        assert_eq!(pushed.len(), 3);
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
