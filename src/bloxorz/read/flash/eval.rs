//! The statements of the Flash game's file (or a JavaScript port of it) run as JavaScript runs
//! them, for the values the stages are made of: `var`, `let` and `const` declarations,
//! assignments and `NAME.push(...)` bind and change values at the moment they run, a list is an
//! object that every name holding it shares (`levels.push(lv)` keeps the list `lv` holds then;
//! `lv = []` afterwards makes a new one), and a function's body runs only when it is called,
//! with its own `var`s.
//!
//! The file runs once, top to bottom (function bodies are read, not run). When it gives no
//! `levels` at the top level, the one function that returns a value (`function getLevels() {
//! ... return levels; }`) is called, as the game would call it, and what it returns is the play
//! order.
//!
//! Values are kept small: a literal that names nothing (`"bbbe"`, `[0, 0]`, a switch table) is
//! kept as the byte offset where it starts and read again when a stage needs it; only lists
//! and objects the file builds (`lv = []`, `["", a, b]`) are objects of the heap, their items
//! such offsets or references to other objects. Everything kept is charged to the [`Budget`].
//!
//! What cannot be evaluated (control flow, calls, function expressions) ends the reading with
//! [`FlashSyntax::CannotEvaluate`]: the reader never answers a level other than the one the
//! program would build. A statement that cannot be read makes what it was about unreadable: a
//! name it assigns holds the broken statement, and the list a broken `NAME.push(...)` was
//! changing is marked with it, so that a stage made of it reports the statement.

use std::collections::HashMap;

use super::literal::{
    self, Broken, Budget, Fault, Spanned, Statement, Target, Value, for_each_statement,
    is_literal_name,
};
use super::syntax::FlashSyntax;

/// A value as the program holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Val {
    /// A name without a value (`var lv;`, or a name never given one).
    Undefined,
    /// The literal that starts at the item's offset, which names nothing: read it again there.
    Lazy,
    /// A list or object of the heap.
    Ref(u32),
    /// A function of the file.
    Function(u32),
    /// The value of a statement that could not be read (an index of [`Program::broken`]).
    Broken(u32),
}

/// A value and the byte offset of what gave it (the literal, or the name that was read).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Item {
    pub at: usize,
    pub val: Val,
}

/// A list or an object the file built.
#[derive(Debug)]
struct Obj {
    /// Where it is defined: the name it was first assigned to (`lv` of `lv = []`), or its
    /// literal.
    at: usize,
    kind: Kind,
    /// The first statement that could not be read which was changing it (`lv.push(...`).
    broken: Option<u32>,
}

#[derive(Debug)]
enum Kind {
    /// A list: the literal it was made from, if it names nothing (read again when needed),
    /// then its items.
    List { literal: Option<usize>, items: Vec<Item> },
    /// An object with names in its values: its keys and values.
    Object(Vec<(Spanned<String>, Item)>),
}

/// A function of the file.
#[derive(Debug)]
struct Function {
    name: String,
    /// Where its name is.
    at: usize,
    params: Vec<String>,
    /// Byte offset just past its `{`.
    body: usize,
    /// Its `var`s (and `let`s, `const`s, inner functions): local to it wherever they are.
    locals: Vec<String>,
    /// Its inner functions, by the offset of their names.
    inner: Vec<(usize, u32)>,
    /// The function it is declared in.
    outer: Option<u32>,
    /// Whether it returns a value, and whether that value is the name `levels`.
    returns: Option<bool>,
    /// Statements of its body that could not be read, reported unless it is called (then they
    /// are met again).
    deferred: Vec<Broken>,
}

/// A statement that could not be read (or run), and the stage that reports it.
#[derive(Debug)]
pub(crate) struct BrokenStatement {
    pub at: usize,
    pub problem: FlashSyntax,
    pub reported_by: Option<usize>,
}

/// A scope's names.
type Names = HashMap<String, Item>;

/// Bytes charged for an object of the heap, a binding of a name (besides the name's bytes), a
/// broken statement and an item of a list.
const OBJECT_COST: u64 = 96;
const BINDING_COST: u64 = 64;
const BROKEN_COST: u64 = 128;
const ITEM_COST: u64 = 3 * size_of::<Item>() as u64;

/// The deepest nesting of lists and objects a stage may have (a list that holds itself is
/// refused here).
const MAX_DEPTH: usize = 32;

/// The file, run.
pub(crate) struct Program<'a> {
    bytes: &'a [u8],
    heap: Vec<Obj>,
    globals: Names,
    functions: Vec<Function>,
    /// Statements that could not be read or run, in the order they ran.
    pub broken: Vec<BrokenStatement>,
    /// Statements not applied (`levels[1].unshift(...)`): where, and on which name.
    pub warnings: Vec<(usize, String)>,
    /// Where each name is first given a value, anywhere in the file.
    first_assigned: HashMap<String, usize>,
    /// The play order (`levels`) and the passcodes (`levelcodes`) where the program ends.
    pub order: Option<Item>,
    pub codes: Option<Item>,
}

/// What a value of a stage turned out to be, when it is not a value.
pub(crate) enum Unreadable {
    /// It is (or holds) the value of the broken statement with this index.
    Broken(u32),
    /// A problem at a byte offset (the memory limit, nesting too deep).
    Fault(Fault),
}

impl From<Fault> for Unreadable {
    fn from(fault: Fault) -> Unreadable {
        Unreadable::Fault(fault)
    }
}

impl<'a> Program<'a> {
    /// Runs the file `bytes`, charging what it keeps to `budget`.
    ///
    /// # Errors
    ///
    /// The budget ran out, or a statement cannot be evaluated, or several functions could give
    /// the play order: the file cannot be read.
    pub(crate) fn run(bytes: &'a [u8], budget: &mut Budget) -> Result<Program<'a>, Fault> {
        let mut program = Program {
            bytes,
            heap: Vec::new(),
            globals: HashMap::new(),
            functions: Vec::new(),
            broken: Vec::new(),
            warnings: Vec::new(),
            first_assigned: HashMap::new(),
            order: None,
            codes: None,
        };
        program.top_level(budget)?;
        if let Some(order) = program.globals.get("levels").copied() {
            program.order = Some(order);
            program.codes = program.globals.get("levelcodes").copied();
        } else if let Some(f) = program.play_order_function()? {
            program.call(f, budget)?;
        }
        // Statements of functions never called are reported as they are.
        for f in 0..program.functions.len() {
            for broken in std::mem::take(&mut program.functions[f].deferred) {
                program.note_broken(broken.at, broken.problem, budget)?;
            }
        }
        Ok(program)
    }

    /// Runs the statements outside functions, and reads the functions' bodies.
    fn top_level(&mut self, budget: &mut Budget) -> Result<(), Fault> {
        let bytes = self.bytes;
        // The functions whose bodies are being read, innermost last.
        let mut open: Vec<u32> = Vec::new();
        for_each_statement(bytes, 0, budget, |statement, budget| {
            if let Some(&f) = open.last() {
                self.read_body(f, statement, &mut open, budget)?;
                return Ok(true);
            }
            match statement {
                Ok(Statement::Function { name, params, body }) => {
                    let id = self.function(name.clone(), params, body, None, budget)?;
                    self.bind(
                        None,
                        &name.value,
                        Item { at: name.at, val: Val::Function(id) },
                        budget,
                    )?;
                    open.push(id);
                }
                Ok(Statement::Return(at, _)) => {
                    let problem = FlashSyntax::Syntax {
                        expected: "a statement",
                        found: "`return` outside a function".into(),
                    };
                    self.note_broken(at, problem, budget)?;
                }
                statement => self.exec(statement, None, budget)?,
            }
            Ok(true)
        })?;
        if let Some(&f) = open.first() {
            let problem = FlashSyntax::Syntax {
                expected: "'}' closing the function's body",
                found: "end of file".into(),
            };
            let at = self.functions[f as usize].at;
            return Err((at, problem));
        }
        Ok(())
    }

    /// Notes a statement of the body of function `f` (read, not run).
    fn read_body(
        &mut self,
        f: u32,
        statement: Result<Statement, Broken>,
        open: &mut Vec<u32>,
        budget: &mut Budget,
    ) -> Result<(), Fault> {
        let function = f as usize;
        match statement {
            Ok(Statement::Function { name, params, body }) => {
                let at = name.at;
                budget.spend(BINDING_COST + name.value.len() as u64, at)?;
                self.functions[function].locals.push(name.value.clone());
                let id = self.function(name, params, body, Some(f), budget)?;
                self.functions[function].inner.push((at, id));
                open.push(id);
            }
            Ok(Statement::End(_)) => {
                open.pop();
            }
            Ok(Statement::Declare(name, _)) => {
                budget.spend(BINDING_COST + name.value.len() as u64, name.at)?;
                self.functions[function].locals.push(name.value);
            }
            Ok(Statement::Return(_, value)) => {
                if self.functions[function].returns.is_none() {
                    let levels = value.is_some_and(|v| self.names(&v, "levels"));
                    self.functions[function].returns = Some(levels);
                }
            }
            Ok(_) => {}
            Err(broken) => {
                budget.spend(BROKEN_COST, broken.at)?;
                self.functions[function].deferred.push(broken);
            }
        }
        Ok(())
    }

    /// True when `value` (a value checked by the statement reader) is the bare name `name`.
    fn names(&self, value: &Spanned<Value>, name: &str) -> bool {
        let end = value.at + name.len();
        self.bytes.get(value.at..end) == Some(name.as_bytes())
            && !self
                .bytes
                .get(end)
                .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
            && matches!(value.value, Value::Skipped { list: false, pure: false })
    }

    /// Adds a function.
    fn function(
        &mut self,
        name: Spanned<String>,
        params: Vec<String>,
        body: usize,
        outer: Option<u32>,
        budget: &mut Budget,
    ) -> Result<u32, Fault> {
        budget.spend(OBJECT_COST + name.value.len() as u64, name.at)?;
        let id = u32::try_from(self.functions.len()).map_err(|_| over(budget, name.at))?;
        self.functions.push(Function {
            name: name.value,
            at: name.at,
            params,
            body,
            locals: Vec::new(),
            inner: Vec::new(),
            outer,
            returns: None,
            deferred: Vec::new(),
        });
        Ok(id)
    }

    /// The function to call for the play order when the top level gives none: the one function
    /// of the top level that returns a value, or of several, the one that returns `levels`.
    fn play_order_function(&self) -> Result<Option<u32>, Fault> {
        let returning: Vec<u32> = (0..self.functions.len() as u32)
            .filter(|&f| {
                let function = &self.functions[f as usize];
                function.outer.is_none() && function.returns.is_some()
            })
            .collect();
        let chosen: Vec<u32> = if returning.len() > 1 {
            returning
                .iter()
                .copied()
                .filter(|&f| self.functions[f as usize].returns == Some(true))
                .collect()
        } else {
            returning.clone()
        };
        match chosen.as_slice() {
            [] if returning.is_empty() => Ok(None),
            [f] => Ok(Some(*f)),
            _ => {
                let names = returning.iter().map(|&f| self.functions[f as usize].name.clone());
                let at = self.functions[returning[1] as usize].at;
                Err((at, FlashSyntax::SeveralFunctions { names: names.collect() }))
            }
        }
    }

    /// Calls function `f` with no arguments: its body runs in a scope of its own, and what it
    /// returns is the play order (`levelcodes` is looked up where it returns).
    fn call(&mut self, f: u32, budget: &mut Budget) -> Result<(), Fault> {
        let function = &self.functions[f as usize];
        let mut locals = Names::new();
        for name in function.params.iter().chain(&function.locals) {
            locals.insert(name.clone(), Item { at: function.at, val: Val::Undefined });
        }
        for &(at, inner) in &function.inner {
            let name = self.functions[inner as usize].name.clone();
            locals.insert(name, Item { at, val: Val::Function(inner) });
        }
        let body = function.body;
        self.functions[f as usize].deferred.clear();
        let bytes = self.bytes;
        // Inner functions whose bodies are being passed over.
        let mut depth = 0usize;
        let mut returned = None;
        for_each_statement(bytes, body, budget, |statement, budget| {
            if depth > 0 {
                match statement {
                    Ok(Statement::Function { .. }) => depth += 1,
                    Ok(Statement::End(_)) => depth -= 1,
                    _ => {}
                }
                return Ok(true);
            }
            match statement {
                Ok(Statement::Function { .. }) => depth += 1,
                Ok(Statement::End(_)) => return Ok(false),
                Ok(Statement::Return(at, value)) => {
                    returned = Some(match value {
                        Some(value) => self.eval(value, at, false, Some(&mut locals), budget)?,
                        None => Item { at, val: Val::Undefined },
                    });
                    return Ok(false);
                }
                statement => self.exec(statement, Some(&mut locals), budget)?,
            }
            Ok(true)
        })?;
        self.order = Some(returned.unwrap_or(Item { at: body, val: Val::Undefined }));
        self.codes = locals.get("levelcodes").or_else(|| self.globals.get("levelcodes")).copied();
        Ok(())
    }

    /// Runs one statement (not a function's), in the scope `locals` of a function or at the
    /// top level.
    fn exec(
        &mut self,
        statement: Result<Statement, Broken>,
        mut locals: Option<&mut Names>,
        budget: &mut Budget,
    ) -> Result<(), Fault> {
        match statement {
            Ok(Statement::Declare(name, None)) => {
                let scope = scope_of(&mut self.globals, locals);
                if let std::collections::hash_map::Entry::Vacant(slot) = scope.entry(name.value) {
                    budget.spend(BINDING_COST + slot.key().len() as u64, name.at)?;
                    slot.insert(Item { at: name.at, val: Val::Undefined });
                }
            }
            Ok(Statement::Declare(name, Some(value))) => {
                let item = self.eval(value, name.at, true, locals.as_deref_mut(), budget)?;
                self.note_assigned(&name, budget)?;
                let scope = scope_of(&mut self.globals, locals);
                if !scope.contains_key(&name.value) {
                    budget.spend(BINDING_COST + name.value.len() as u64, name.at)?;
                }
                scope.insert(name.value, item);
            }
            Ok(Statement::Assign(name, value)) => {
                let item = self.eval(value, name.at, true, locals.as_deref_mut(), budget)?;
                self.note_assigned(&name, budget)?;
                self.bind(locals, &name.value, item, budget)?;
            }
            Ok(Statement::Push(name, values)) => {
                let list = self.lookup(locals.as_deref(), &name.value);
                let id = match list.map(|item| (item, item.val)) {
                    Some((_, Val::Ref(id)))
                        if matches!(self.heap[id as usize].kind, Kind::List { .. }) =>
                    {
                        id
                    }
                    // A name whose statement could not be read stays unreadable.
                    Some((_, Val::Broken(_))) => return Ok(()),
                    None | Some((_, Val::Undefined)) => {
                        let problem = FlashSyntax::PushBeforeDefinition { name: name.value };
                        return self.note_broken(name.at, problem, budget);
                    }
                    Some((item, _)) => {
                        let found = self.describe(item, budget)?;
                        let problem = FlashSyntax::PushOntoValue { name: name.value, found };
                        return self.note_broken(name.at, problem, budget);
                    }
                };
                for value in values {
                    let item = self.eval(value, 0, false, locals.as_deref_mut(), budget)?;
                    budget.spend(ITEM_COST, item.at)?;
                    if let Kind::List { items, .. } = &mut self.heap[id as usize].kind {
                        Budget::room(items, item.at)?;
                        items.push(item);
                    }
                }
            }
            Ok(Statement::Ignored(name)) => {
                budget.spend(BROKEN_COST + name.value.len() as u64, name.at)?;
                self.warnings.push((name.at, name.value));
            }
            Ok(Statement::Function { .. } | Statement::End(_) | Statement::Return(..)) => {
                unreachable!("functions are read by the caller")
            }
            Err(Broken { target, at, problem }) => {
                let k = self.broken.len() as u32;
                self.note_broken(at, problem, budget)?;
                match target {
                    Some(Target { name, member: false }) => {
                        self.bind(locals, &name, Item { at, val: Val::Broken(k) }, budget)?;
                    }
                    Some(Target { name, member: true }) => {
                        if let Some(Item { val: Val::Ref(id), .. }) =
                            self.lookup(locals.as_deref(), &name)
                        {
                            self.heap[id as usize].broken.get_or_insert(k);
                        }
                    }
                    None => {}
                }
            }
        }
        Ok(())
    }

    /// Notes a statement that could not be read or run.
    fn note_broken(
        &mut self,
        at: usize,
        problem: FlashSyntax,
        budget: &mut Budget,
    ) -> Result<(), Fault> {
        budget.spend(BROKEN_COST, at)?;
        Budget::room(&mut self.broken, at)?;
        self.broken.push(BrokenStatement { at, problem, reported_by: None });
        Ok(())
    }

    /// Notes where `name` is first given a value.
    fn note_assigned(&mut self, name: &Spanned<String>, budget: &mut Budget) -> Result<(), Fault> {
        if !self.first_assigned.contains_key(&name.value) {
            budget.spend(BINDING_COST + name.value.len() as u64, name.at)?;
            self.first_assigned.insert(name.value.clone(), name.at);
        }
        Ok(())
    }

    /// Where `name` is first given a value, if anywhere.
    pub(crate) fn first_assigned(&self, name: &str) -> Option<usize> {
        self.first_assigned.get(name).copied()
    }

    /// The value of `name` in the scope `locals` (then the top level).
    fn lookup(&self, locals: Option<&Names>, name: &str) -> Option<Item> {
        locals.and_then(|l| l.get(name)).or_else(|| self.globals.get(name)).copied()
    }

    /// Gives `name` the value `item` where it is declared: the function's scope `locals` if
    /// it is local there, else the top level (as JavaScript assigns an undeclared name).
    fn bind(
        &mut self,
        locals: Option<&mut Names>,
        name: &str,
        item: Item,
        budget: &mut Budget,
    ) -> Result<(), Fault> {
        let scope = match locals {
            Some(locals) if locals.contains_key(name) => locals,
            _ => &mut self.globals,
        };
        match scope.get_mut(name) {
            Some(slot) => *slot = item,
            None => {
                budget.spend(BINDING_COST + name.len() as u64, item.at)?;
                scope.insert(name.to_owned(), item);
            }
        }
        Ok(())
    }

    /// The value a statement's `value` evaluates to now. A list the value makes is a new
    /// object of the heap when it is `bound` to a name (then `at` is the name's offset, where
    /// the list is defined) or names something (then it is defined where it is written); a
    /// literal that names nothing is read again when needed.
    fn eval(
        &mut self,
        value: Spanned<Value>,
        at: usize,
        bound: bool,
        locals: Option<&mut Names>,
        budget: &mut Budget,
    ) -> Result<Item, Fault> {
        match value.value {
            Value::Skipped { list: true, pure: true } if bound => {
                let id = self.new_object(
                    at,
                    Kind::List { literal: Some(value.at), items: Vec::new() },
                    budget,
                )?;
                Ok(Item { at: value.at, val: Val::Ref(id) })
            }
            Value::Skipped { pure: true, .. } => Ok(Item { at: value.at, val: Val::Lazy }),
            _ => {
                // Built only for the moment (within what the budget leaves): what it names is
                // looked up, and its literals are kept as offsets again.
                let mut scratch = *budget;
                let built = literal::value_at(self.bytes, value.at, &mut scratch)?;
                let defined = if bound { at } else { value.at };
                self.convert(built, Some(defined), locals.map(|l| &*l), budget)
            }
        }
    }

    /// The value of the built literal `value`: a name's value as it is now; a list or object
    /// that names something, a new object (defined at `at`, or where it is written).
    fn convert(
        &mut self,
        value: Spanned<Value>,
        at: Option<usize>,
        locals: Option<&Names>,
        budget: &mut Budget,
    ) -> Result<Item, Fault> {
        let item = |val| Item { at: value.at, val };
        if at.is_none() && is_pure(&value.value) {
            return Ok(item(Val::Lazy));
        }
        match value.value {
            Value::Name(name) => match self.lookup(locals, &name) {
                // A literal's value is read where the literal is.
                Some(found @ Item { val: Val::Lazy, .. }) => Ok(found),
                // Anything else is named where it is used (a stage by the name it is put in
                // the play order with).
                found => Ok(item(found.map_or(Val::Undefined, |i| i.val))),
            },
            Value::List(values) => {
                let mut items = Vec::new();
                for value in values {
                    let converted = self.convert(value, None, locals, budget)?;
                    budget.spend(ITEM_COST, converted.at)?;
                    Budget::room(&mut items, converted.at)?;
                    items.push(converted);
                }
                let defined = at.unwrap_or(value.at);
                let id = self.new_object(defined, Kind::List { literal: None, items }, budget)?;
                Ok(item(Val::Ref(id)))
            }
            Value::Object(entries) => {
                let mut converted = Vec::new();
                for (key, value) in entries {
                    let v = self.convert(value, None, locals, budget)?;
                    budget.spend(ITEM_COST + key.value.len() as u64, key.at)?;
                    Budget::room(&mut converted, key.at)?;
                    converted.push((key, v));
                }
                let defined = at.unwrap_or(value.at);
                let id = self.new_object(defined, Kind::Object(converted), budget)?;
                Ok(item(Val::Ref(id)))
            }
            _ => Ok(item(Val::Lazy)),
        }
    }

    /// Adds an object to the heap.
    fn new_object(&mut self, at: usize, kind: Kind, budget: &mut Budget) -> Result<u32, Fault> {
        budget.spend(OBJECT_COST, at)?;
        let id = u32::try_from(self.heap.len()).map_err(|_| over(budget, at))?;
        Budget::room(&mut self.heap, at)?;
        self.heap.push(Obj { at, kind, broken: None });
        Ok(id)
    }

    /// Describes `item` for a "found ..." message.
    fn describe(&self, item: Item, budget: &mut Budget) -> Result<String, Fault> {
        Ok(match item.val {
            Val::Undefined => Value::Undefined.describe(),
            Val::Lazy => {
                let mut scratch = *budget;
                literal::value_at(self.bytes, item.at, &mut scratch)?.value.describe()
            }
            Val::Ref(id) => match &self.heap[id as usize].kind {
                Kind::List { .. } => "a list".into(),
                Kind::Object(_) => "an object".into(),
            },
            Val::Function(f) => Value::Function(self.functions[f as usize].name.clone()).describe(),
            Val::Broken(_) => "a value whose statement does not read".into(),
        })
    }

    /// Where the list or object `id` is defined.
    pub(crate) fn defined_at(&self, id: u32) -> usize {
        self.heap[id as usize].at
    }

    /// True when `id` is a list.
    pub(crate) fn is_list(&self, id: u32) -> bool {
        matches!(self.heap[id as usize].kind, Kind::List { .. })
    }

    /// The items of the list `id`, one level deep: its literal's items (as offsets to read
    /// again), then those pushed onto it.
    ///
    /// # Errors
    ///
    /// The list, as a statement that could not be read left it; the budget ran out.
    pub(crate) fn entries(&self, id: u32, budget: &mut Budget) -> Result<Vec<Item>, Unreadable> {
        let obj = &self.heap[id as usize];
        if let Some(k) = obj.broken {
            return Err(Unreadable::Broken(k));
        }
        let Kind::List { literal, items } = &obj.kind else { return Ok(Vec::new()) };
        let mut entries = Vec::new();
        if let Some(at) = literal {
            let mut scratch = *budget;
            if let Value::List(values) = literal::value_at(self.bytes, *at, &mut scratch)?.value {
                budget.spend(ITEM_COST * values.len() as u64, *at)?;
                Budget::room(&mut entries, *at)?;
                entries.extend(values.iter().map(|v| Item { at: v.at, val: Val::Lazy }));
            }
        }
        budget.spend(ITEM_COST * items.len() as u64, obj.at)?;
        Budget::room(&mut entries, obj.at)?;
        entries.extend_from_slice(items);
        Ok(entries)
    }

    /// The values of the list `id` (a stage's rows, start and tables), built.
    ///
    /// # Errors
    ///
    /// As [`Program::value`].
    pub(crate) fn values(
        &self,
        id: u32,
        budget: &mut Budget,
    ) -> Result<Vec<Spanned<Value>>, Unreadable> {
        let mut values = Vec::new();
        for item in self.entries(id, budget)? {
            let value = self.value(item, 1, budget)?;
            Budget::room(&mut values, value.at)?;
            values.push(value);
        }
        Ok(values)
    }

    /// `item` built into a value, `depth` lists or objects deep.
    ///
    /// # Errors
    ///
    /// It is (or holds) the value of a statement that could not be read; it is nested too deep
    /// (a list that holds itself); the budget ran out.
    pub(crate) fn value(
        &self,
        item: Item,
        depth: usize,
        budget: &mut Budget,
    ) -> Result<Spanned<Value>, Unreadable> {
        let at = item.at;
        let value = match item.val {
            Val::Lazy => return Ok(literal::value_at(self.bytes, at, budget)?),
            Val::Undefined => Value::Undefined,
            Val::Broken(k) => return Err(Unreadable::Broken(k)),
            Val::Function(f) => Value::Function(self.functions[f as usize].name.clone()),
            Val::Ref(_) if depth >= MAX_DEPTH => {
                let problem = FlashSyntax::Syntax {
                    expected: "lists and objects nested at most 32 deep",
                    found: "deeper nesting (a list that holds itself?)".into(),
                };
                return Err(Unreadable::Fault((at, problem)));
            }
            Val::Ref(id) => {
                let obj = &self.heap[id as usize];
                if let Some(k) = obj.broken {
                    return Err(Unreadable::Broken(k));
                }
                match &obj.kind {
                    Kind::List { .. } => {
                        let mut values = Vec::new();
                        for item in self.entries(id, budget)? {
                            let value = self.value(item, depth + 1, budget)?;
                            Budget::room(&mut values, value.at)?;
                            values.push(value);
                        }
                        Value::List(values)
                    }
                    Kind::Object(entries) => {
                        let mut values = Vec::new();
                        for (key, item) in entries {
                            let value = self.value(*item, depth + 1, budget)?;
                            budget.spend(ITEM_COST + key.value.len() as u64, key.at)?;
                            Budget::room(&mut values, key.at)?;
                            values.push((key.clone(), value));
                        }
                        Value::Object(values)
                    }
                }
            }
        };
        Ok(Spanned { at, value })
    }
}

/// The scope a declaration goes into: the function's, or the top level.
fn scope_of<'s>(globals: &'s mut Names, locals: Option<&'s mut Names>) -> &'s mut Names {
    match locals {
        Some(locals) => locals,
        None => globals,
    }
}

/// True when the built literal `value` names nothing.
fn is_pure(value: &Value) -> bool {
    match value {
        Value::Name(n) => is_literal_name(n),
        Value::List(items) => items.iter().all(|i| is_pure(&i.value)),
        Value::Object(entries) => entries.iter().all(|(_, v)| is_pure(&v.value)),
        _ => true,
    }
}

/// The memory limit's error at `at` (for counts past what the reader can index).
fn over(budget: &Budget, at: usize) -> Fault {
    (at, FlashSyntax::OverMemoryLimit { limit: budget.limit() })
}
